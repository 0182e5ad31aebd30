import "server-only";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { archiveStatusQuery } from "@/components/archive/query-options";
import { logger } from "@/lib/log/log";
import { viewerArchiveStatus } from "@/lib/server/services/archive";
import { answerInProcess, type PrefetchableKey } from "./answer-in-process";

/** At most this long a view waits on the server for its answers; whatever is not there by then the browser asks for itself, as without a prefetch. */
const PREFETCH_WAIT_MS = 1_000;

const log = logger("prefetch");

/**
 * A view with its data prefetched on the server into its query cache (HydrationBoundary), so
 * it renders with the page instead of one request (and one phone-sized main-thread task)
 * later: always the archive's state (period controls, "Updated N min ago", "Building your
 * history — N %"; no upstream request, cached 5 s), and the given route queries (the
 * overview's figures: answered in this process by their route handlers, answerInProcess).
 * Only the pages that show these use this: HydrationBoundary is client code every other
 * page's bundle can do without.
 *
 * The lists are not prefetched: a person's list request should be the browser's own
 * (cancelled when they leave).
 */
export async function ServerPrefetch({ routes = [], children }: { routes?: readonly { queryKey: PrefetchableKey }[]; children: ReactNode }) {
  const queryClient = new QueryClient();
  const signal = AbortSignal.timeout(PREFETCH_WAIT_MS);
  const late = new Promise<undefined>((resolve) => signal.addEventListener("abort", () => resolve(undefined), { once: true }));
  await Promise.all([
    queryClient.prefetchQuery({ ...archiveStatusQuery(), queryFn: () => viewerArchiveStatus() }),
    ...routes.map(async ({ queryKey }) => {
      const data = await Promise.race([
        answerInProcess(queryKey, signal).catch((err: unknown) => {
          // (the browser asks again and shows the route's error if there is one)
          log.warn({ err, path: queryKey[0] }, "server prefetch failed");
          return undefined;
        }),
        late,
      ]);
      if (data !== undefined) queryClient.setQueryData(queryKey, data);
    }),
  ]);
  return <HydrationBoundary state={dehydrate(queryClient)}>{children}</HydrationBoundary>;
}
