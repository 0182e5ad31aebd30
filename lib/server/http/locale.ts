/**
 * The language of a request on the server: the user's saved preference, the
 * `NEXT_LOCALE` cookie, `Accept-Language`, English (lib/i18n/locales.ts says why in this order).
 */
import "server-only";
import { cookies, headers } from "next/headers";
import { chooseLocale, LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";
import type { SessionUser } from "../identity/principal";

/** For a route handler: its request and the user route() found (null when signed out). */
export function localeOfRequest(req: Request, user: Pick<SessionUser, "locale"> | null): Locale {
  return chooseLocale({
    saved: user?.locale,
    cookie: cookieValue(req.headers.get("cookie"), LOCALE_COOKIE),
    acceptLanguage: req.headers.get("accept-language"),
  });
}

/** For server components and pages (next-intl's request config calls this once per request). */
export async function currentLocale(user: Pick<SessionUser, "locale"> | null): Promise<Locale> {
  const [c, h] = await Promise.all([cookies(), headers()]);
  return chooseLocale({ saved: user?.locale, cookie: c.get(LOCALE_COOKIE)?.value, acceptLanguage: h.get("accept-language") });
}

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}
