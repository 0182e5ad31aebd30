import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { headers } from "next/headers";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import { demoAccountsOffered } from "@/lib/db";
import { NONCE_HEADER } from "@/lib/server/http/csp";
import { clientMessages, type Messages } from "@/lib/i18n/messages";
import { INTL_WARMUP_SCRIPT } from "@/components/shell/intl-warmup-script";
import { THEME_SCRIPT } from "@/components/shell/theme-script";
import { ZOD_JITLESS_SCRIPT } from "@/components/shell/zod-config-script";
import { Providers } from "./providers";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: t("appTitle"), description: t("appDescription") };
}

/**
 * Every page: the request's language (lib/i18n/request.ts) on <html lang> and, through
 * NextIntlClientProvider, that language's catalogue for client components (one language per
 * page, never both); the demo accounts' words only where the login page offers them. Its inline
 * scripts carry the response's nonce (proxy.ts): the pages' CSP runs no other inline script.
 */
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  const messages = clientMessages((await getMessages()) as Messages, { demo: await demoAccountsOffered() });
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        {/* zod compiles no parser with eval, which the CSP refuses (the script's note). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS_SCRIPT }} />
        {/* Sets the theme class before first paint: no light flash for dark-mode users. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        {/* Loads the language's Intl data in short tasks of its own, not inside hydration (the script's note). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: INTL_WARMUP_SCRIPT }} />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <NextIntlClientProvider messages={messages}>
          <Providers>{children}</Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
