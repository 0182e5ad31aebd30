/**
 * Exact decimal arithmetic and display for amounts that arrive as strings.
 *
 * Money never becomes a JS number here: sums and differences use decimal.js with enough
 * precision for any value WEEX sends (18 fraction digits on top of 18 integer digits), and
 * display groups the integer part with Intl over a BigInt so no digit is rounded away.
 */
import { Dec } from "@/lib/contract/decimal";

/** Sum decimal strings exactly; non-decimal input throws (it would be a contract breach). */
export function sumDecimals(values: Iterable<string>): Dec {
  let total = new Dec(0);
  for (const v of values) total = total.plus(v);
  return total;
}

/** The plain (non-exponent) text of a decimal string, e.g. "1E-8" → "0.00000001". */
export function plainDecimal(value: string | Dec): string {
  if (typeof value !== "string") return value.toFixed();
  const s = value.trim();
  return /e/i.test(s) ? new Dec(s).toFixed() : s;
}

const groupers = new Map<string, Intl.NumberFormat>();
function grouper(locale: string | undefined): Intl.NumberFormat {
  const key = locale ?? "";
  let f = groupers.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 });
    groupers.set(key, f);
  }
  return f;
}

// Cached per locale: building an Intl.NumberFormat costs far more than formatting, and a
// table page formats hundreds of amounts.
const separators = new Map<string, string>();
function decimalSeparator(locale: string | undefined): string {
  const key = locale ?? "";
  let sep = separators.get(key);
  if (sep === undefined) {
    sep = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
    separators.set(key, sep);
  }
  return sep;
}

export interface FormatDecimalOptions {
  /** Round to at most this many fraction digits (for derived ratios, never for amounts). */
  maxFractionDigits?: number;
  /** Show a leading "+" on positive values (deltas). */
  signed?: boolean;
  locale?: string;
}

/**
 * Format a decimal for people: digit grouping, every fraction digit kept (unless asked to
 * round). "1234567.000000000000000001" → "1,234,567.000000000000000001".
 */
export function formatDecimal(value: string | Dec, opts: FormatDecimalOptions = {}): string {
  let text = plainDecimal(value);
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return String(value);
  if (opts.maxFractionDigits !== undefined) {
    text = new Dec(text).toDecimalPlaces(opts.maxFractionDigits).toFixed();
  }
  let sign = "";
  if (text.startsWith("-") || text.startsWith("+")) {
    sign = text[0] === "-" ? "-" : "";
    text = text.slice(1);
  }
  const [intRaw, frac = ""] = text.split(".");
  const int = intRaw.replace(/^0+(?=\d)/, "") || "0";
  const isZero = /^0*$/.test(int) && /^0*$/.test(frac);
  if (isZero) sign = "";
  else if (sign === "" && opts.signed) sign = "+";
  const grouped = grouper(opts.locale).format(BigInt(int));
  return sign + grouped + (frac ? decimalSeparator(opts.locale) + frac : "");
}

/** Format an integer count (number or digit string) with grouping. */
export function formatCount(value: number | string, locale?: string): string {
  return grouper(locale).format(BigInt(value));
}

export interface Change {
  current: Dec;
  previous: Dec;
  delta: Dec;
  /** percentage change, null when the previous value is zero (no meaningful ratio) */
  percent: Dec | null;
}

/** Current vs previous, exactly: delta and percentage (rounding happens only at display). */
export function change(current: string | Dec, previous: string | Dec): Change {
  const c = new Dec(current);
  const p = new Dec(previous);
  const delta = c.minus(p);
  const percent = p.isZero() ? null : delta.div(p.abs()).times(100);
  return { current: c, previous: p, delta, percent };
}

/** A number for chart geometry only: never shown as a value (tooltips show the exact string). */
export function chartNumber(value: string | Dec): number {
  return new Dec(value).toNumber();
}
