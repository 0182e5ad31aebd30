/**
 * The dashboard's languages and how one is chosen. Client-safe: the shell's switch,
 * the login page and the server all read this table.
 *
 * Order of choice: the signed-in user's saved preference, else the `NEXT_LOCALE` cookie (set by
 * the switch, so the login page after sign-out keeps the language), else the browser's
 * `Accept-Language`, else English. URLs carry no language: links and filters are the same in both.
 */
import { LOCALES, type Locale } from "../contract/locales";

// The list is the API contract's (the values it validates); relative, as lib/db/schema reads this file.
export { LOCALES, type Locale };
export const DEFAULT_LOCALE: Locale = "en";

/** The cookie the language switch writes (a year; not httpOnly-sensitive: it is a preference). */
export const LOCALE_COOKIE = "NEXT_LOCALE";
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Each language named in itself, as the switch lists them. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", "zh-CN": "简体中文" };

/** The tag WEEX's optional `locale` request header takes for each language (plan orders send it). */
export const WEEX_LOCALE_TAG: Record<Locale, string> = { en: "en-US", "zh-CN": "zh-CN" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The best of our languages for an `Accept-Language` header: tags by descending q, the first
 * whose language we have (any `zh` other than explicitly traditional → zh-CN), else null.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale | null {
  if (!acceptLanguage) return null;
  const ranked = acceptLanguage
    .split(",")
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((t) => t.tag && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  for (const { tag } of ranked) {
    if (tag === "en" || tag.startsWith("en-")) return "en";
    if (tag === "zh" || tag.startsWith("zh-")) {
      // Traditional Chinese readers are better served by English than by simplified characters.
      if (/^zh-(hant|tw|hk|mo)\b/.test(tag)) continue;
      return "zh-CN";
    }
  }
  return null;
}

/** The language for a request: saved preference, cookie, Accept-Language, English. */
export function chooseLocale(input: { saved?: string | null; cookie?: string | null; acceptLanguage?: string | null }): Locale {
  if (isLocale(input.saved)) return input.saved;
  if (isLocale(input.cookie)) return input.cookie;
  return negotiateLocale(input.acceptLanguage) ?? DEFAULT_LOCALE;
}
