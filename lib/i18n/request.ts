/**
 * next-intl's per-request configuration for server components (wired in next.config.mjs). The
 * root layout's NextIntlClientProvider passes the same locale and this language's messages on
 * to client components.
 */
import { getRequestConfig } from "next-intl/server";
import { getCurrentUser } from "@/lib/server/identity/auth";
import { currentLocale } from "@/lib/server/http/locale";
import { loadMessages } from "./messages";

export default getRequestConfig(async () => {
  const locale = await currentLocale(await getCurrentUser());
  // Dates are always formatted in a zone the page names (lib/time/calendar.ts); UTC only stops
  // next-intl from guessing the server's.
  return { locale, messages: await loadMessages(locale), timeZone: "UTC" };
});
