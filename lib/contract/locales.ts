/**
 * The languages the API accepts (PUT /api/me/locale, a report schedule's `locale`): the one
 * list. It is the contract's, so the contract validates it without reaching into lib/i18n;
 * lib/i18n/locales.ts reads it and adds how a language is chosen and named.
 */
export const LOCALES = ["en", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];
