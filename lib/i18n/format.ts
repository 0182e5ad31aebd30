/**
 * Numbers, amounts, dates and relative times for people, in one language. Client-safe
 * and pure; components get one bound to the page's language from `useFormat()`
 * (components/i18n/use-format.ts), server code (e-mails, reports) from `createFormat(locale)`.
 *
 * Amounts stay exact: `decimal` groups and localises the decimal string's own digits, it never
 * goes through a JS number. Timestamps in tables stay "YYYY-MM-DD HH:mm:ss" (lib/time/calendar.ts):
 * sortable and read the same in both languages; dates in words ("Nov 16", "11月16日") and
 * relative times come from Intl in the page's language.
 */
import { formatAmount, formatCount, formatDecimal, type FormatAmountOptions, type FormatDecimalOptions } from "@/lib/ui/format";
import type { Locale } from "./locales";

export interface Format {
  locale: Locale;
  /** an exact decimal string, grouped: "1,234,567.000000000000000001" */
  decimal(value: Parameters<typeof formatDecimal>[0], opts?: Omit<FormatDecimalOptions, "locale">): string;
  /** an amount of a coin for reading: "60,131.67" (USDT), "0.00012346" (BTC); the exact text stays the value (lib/ui/format.ts) */
  amount(value: Parameters<typeof formatAmount>[0], coin: string, opts?: Omit<FormatAmountOptions, "locale">): string;
  /** an integer count, grouped */
  count(value: number | string): string;
  /** a percentage from a ratio already ×100 as a decimal string, e.g. "12.5" → "12.5 %" / "12.5%" */
  percent(value: Parameters<typeof formatDecimal>[0], opts?: Omit<FormatDecimalOptions, "locale">): string;
  /** a day in words in a zone: "Nov 16, 2026" / "2026年11月16日" */
  date(epochMs: number, tz: string, style?: "short" | "medium" | "long"): string;
  /** month and day in a zone, for chart axes: "Nov 16" / "11月16日" */
  monthDay(epochMs: number, tz: string): string;
  /** a month in a zone: "Nov 2026" / "2026年11月" */
  month(epochMs: number, tz: string): string;
  /** how long ago, in words: "3 min. ago" / "3分钟前" */
  ago(at: number, now?: number): string;
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

const dtf = (locale: Locale, tz: string, name: string, opts: Intl.DateTimeFormatOptions) =>
  cached(`${locale}|${tz}|${name}`, () => new Intl.DateTimeFormat(locale, { ...opts, timeZone: tz }));

/** The unit and count `ago` says: seconds under 45 are "now", then minutes, hours (< 48), days. */
export function agoParts(at: number, now: number): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 45) return { value: 0, unit: "second" };
  const min = Math.round(s / 60);
  if (min < 60) return { value: min, unit: "minute" };
  const h = Math.round(min / 60);
  if (h < 48) return { value: h, unit: "hour" };
  return { value: Math.round(h / 24), unit: "day" };
}

export function createFormat(locale: Locale): Format {
  return {
    locale,
    decimal: (value, opts) => formatDecimal(value, { ...opts, locale }),
    amount: (value, coin, opts) => formatAmount(value, coin, { ...opts, locale }),
    count: (value) => formatCount(value, locale),
    percent: (value, opts) => {
      const n = formatDecimal(value, { ...opts, locale });
      // English writes a thin gap before %, Chinese none (Intl's own percent pattern differs).
      return locale === "zh-CN" ? `${n}%` : `${n} %`;
    },
    date: (ms, tz, style = "medium") => dtf(locale, tz, `date-${style}`, { dateStyle: style }).format(ms),
    monthDay: (ms, tz) => dtf(locale, tz, "md", { month: "short", day: "numeric" }).format(ms),
    month: (ms, tz) => dtf(locale, tz, "ym", { month: "short", year: "numeric" }).format(ms),
    ago: (at, now = Date.now()) => {
      const { value, unit } = agoParts(at, now);
      const rtf = cached(`${locale}|rtf`, () => new Intl.RelativeTimeFormat(locale, { numeric: "auto", style: "short" }));
      return rtf.format(-value, unit);
    },
  };
}
