/**
 * The one decimal.js set-up for money, shared by the server's sums and the browser's display.
 * The library's default keeps only 20 significant digits; WEEX values carry up to 18 integer
 * and 18 fraction digits, and sums of a year of them a few more. `toFixed()` without
 * arguments prints plain notation, never an exponent.
 */
import Decimal from "decimal.js";

export const Dec = Decimal.clone({ precision: 200, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -9e15, toExpPos: 9e15 });
export type Dec = Decimal;

export const ZERO = new Dec(0);

/** The exact plain-notation text of a sum ("1E-8" in, "0.00000001" out; never "-0"). */
export function decimalText(d: Decimal): string {
  return d.isZero() ? "0" : d.toFixed();
}
