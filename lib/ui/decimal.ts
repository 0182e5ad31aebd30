/**
 * Exact decimal arithmetic for amounts that arrive as strings.
 *
 * Money never becomes a JS number here: sums and differences use decimal.js with enough
 * precision for any value WEEX sends (18 fraction digits on top of 18 integer digits). Display
 * is lib/ui/format.ts, which needs no decimal.js: a page that only shows amounts (every list)
 * does not load the library.
 */
import { Dec } from "@/lib/contract/decimal";

/** Sum decimal strings exactly; non-decimal input throws (it would be a contract breach). */
export function sumDecimals(values: Iterable<string>): Dec {
  let total = new Dec(0);
  for (const v of values) total = total.plus(v);
  return total;
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
