"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { useState } from "react";
import { ClientErrorMessages } from "@/components/i18n/client-error-messages";
import { retryDelayMs, shouldRetryQuery } from "@/lib/ui/api";

/**
 * Client-side context for every page: react-query (server data) and nuqs (URL state). The
 * theme needs no provider: THEME_SCRIPT sets the <html> class before paint and ThemeToggle
 * reads and writes that class.
 */
export function Providers({ children }: { children: React.ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            // GETs are retried only after a 429, when Retry-After says so; the route handlers
            // already retry transient upstream failures, so a second layer would only add load.
            retry: shouldRetryQuery,
            retryDelay: retryDelayMs,
            staleTime: 60_000,
            refetchOnWindowFocus: false,
          },
          // A placement that timed out may have been executed: a person decides whether to resend.
          mutations: { retry: 0 },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <ClientErrorMessages />
      <NuqsAdapter>{children}</NuqsAdapter>
    </QueryClientProvider>
  );
}
