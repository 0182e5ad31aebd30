/**
 * Display of exact decimals and counts for people, without decimal.js: amounts arrive as
 * decimal strings and are shown digit for digit (grouped with Intl over a BigInt, so nothing is
 * rounded away), which is text work, not arithmetic. Every list page shows amounts, and none of
 * them needs to load the decimal library for it; arithmetic stays in lib/ui/decimal.ts.
 */
import type { Dec } from "@/lib/contract/decimal";

/**
 * An exponent beyond this is not an amount (WEEX sends at most 18 integer and 18 fraction
 * digits); such text is shown as received instead of being expanded into thousands of zeros.
 */
const MAX_EXPONENT = 400;

const DECIMAL_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const EXPONENT_RE = /^([+-]?)(\d*)(?:\.(\d*))?e([+-]?\d+)$/i;

/**
 * "1.5E+3" → "1500", "1E-8" → "0.00000001": the digits stay, the decimal point moves. The
 * result is minimal (no leading or trailing zeros), as decimal.js's toFixed() writes it.
 */
function expandExponent(text: string): string | null {
  const m = EXPONENT_RE.exec(text);
  if (!m || (!m[2] && !m[3])) return null;
  const exp = Number(m[4]);
  if (Math.abs(exp) > MAX_EXPONENT) return null;
  const digits = `${m[2]}${m[3] ?? ""}`;
  const point = m[2].length + exp; // index in `digits` where the decimal point lands
  const padded = point < 0 ? "0".repeat(-point) + digits : point > digits.length ? digits + "0".repeat(point - digits.length) : digits;
  const at = Math.max(point, 0);
  const int = padded.slice(0, at).replace(/^0+/, "") || "0";
  const frac = padded.slice(at).replace(/0+$/, "");
  const plain = frac ? `${int}.${frac}` : int;
  return plain === "0" ? "0" : `${m[1] === "-" ? "-" : ""}${plain}`;
}

/** The plain (non-exponent) text of a decimal, e.g. "1E-8" → "0.00000001". */
export function plainDecimal(value: string | Dec): string {
  if (typeof value !== "string") return value.toFixed();
  const s = value.trim();
  return /e/i.test(s) ? (expandExponent(s) ?? s) : s;
}

/**
 * A plain decimal's text rounded half away from zero (decimal.js's ROUND_HALF_UP) to at most
 * `digits` fraction digits, written minimally as toDecimalPlaces(digits).toFixed() writes it:
 * "12.345" → "12.3", "0.96" (1 digit) → "1". Done on the digits, like the grouping below.
 */
function roundText(text: string, digits: number): string {
  const sign = text.startsWith("-") ? "-" : "";
  const [int, frac0 = ""] = text.replace(/^[+-]/, "").split(".");
  const frac = frac0.padEnd(digits, "0");
  const kept = (int + frac.slice(0, digits)).split("");
  if (frac.length > digits && frac.charCodeAt(digits) >= 53 /* "5" */) {
    let i = kept.length - 1;
    for (; i >= 0 && kept[i] === "9"; i--) kept[i] = "0";
    if (i >= 0) kept[i] = String(Number(kept[i]) + 1);
    else kept.unshift("1");
  }
  const intLen = kept.length - digits;
  const whole = kept.slice(0, intLen).join("").replace(/^0+(?=\d)/, "") || "0";
  const fraction = kept.slice(intLen).join("").replace(/0+$/, "");
  return sign + whole + (fraction ? `.${fraction}` : "");
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
  /** Round (half away from zero) to at most this many fraction digits: for ratios, never for amounts. */
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
  if (!DECIMAL_RE.test(text)) return String(value);
  if (opts.maxFractionDigits !== undefined) text = roundText(text, opts.maxFractionDigits);
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

/**
 * The fraction digits an amount of a coin is shown with for reading: USDT (and the
 * other dollar coins) as money, BTC to the satoshi. The exact value stays where a person takes
 * it from: on hover, on copy (components/ui/amount.tsx) and in every export.
 */
export const AMOUNT_DIGITS: Readonly<Record<string, number>> = { USDT: 2, USDC: 2, BTC: 8 };
/**
 * Any other coin: at most 8 fraction digits (no coin WEEX lists is finer in practice), trailing
 * zeros dropped, since its own precision is not known here.
 */
export const OTHER_COIN_DIGITS = 8;

export interface FormatAmountOptions {
  /** Show a leading "+" on positive values (deltas). */
  signed?: boolean;
  locale?: string;
}

/**
 * An amount of `coin` for reading: grouped, rounded half away from zero to the coin's digits
 * (AMOUNT_DIGITS: "60131.6678718" USDT → "60,131.67", "0.5" BTC → "0.50000000"; another coin
 * to at most OTHER_COIN_DIGITS, trailing zeros dropped). A value that is not zero but rounds
 * to zero says so ("<0.01", ">-0.01") rather than reading as nothing. Text that is not a
 * decimal comes back as received. Display only: the exact string is the value.
 */
export function formatAmount(value: string | Dec, coin: string, opts: FormatAmountOptions = {}): string {
  const plain = plainDecimal(value);
  if (!DECIMAL_RE.test(plain)) return String(value);
  const fixed = Object.hasOwn(AMOUNT_DIGITS, coin.toUpperCase()) ? AMOUNT_DIGITS[coin.toUpperCase()] : null;
  const digits = fixed ?? OTHER_COIN_DIGITS;
  const rounded = roundText(plain, digits);
  const negative = plain.startsWith("-");
  if (/^-?0$/.test(rounded) && /[1-9]/.test(plain)) {
    const step = formatDecimal(`0.${"1".padStart(digits, "0")}`, { locale: opts.locale });
    return negative ? `>-${step}` : `<${step}`;
  }
  const [, frac = ""] = rounded.split(".");
  const padded = fixed !== null && frac.length < fixed ? `${rounded}${frac ? "" : "."}${"0".repeat(fixed - frac.length)}` : rounded;
  return formatDecimal(padded, { locale: opts.locale, signed: opts.signed });
}

/** Format an integer count (number or digit string) with grouping. */
export function formatCount(value: number | string, locale?: string): string {
  return grouper(locale).format(BigInt(value));
}


/**
 * A rate as a percentage, exactly: "0.001" → "0.1" (times 100 is the decimal point moved two
 * places, so no arithmetic library is needed). Text that is not a decimal comes back as it is.
 */
export function decimalPercent(value: string): string {
  const plain = plainDecimal(value);
  return DECIMAL_RE.test(plain) ? (expandExponent(`${plain}e2`) ?? value) : value;
}
