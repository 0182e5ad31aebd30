/**
 * Amounts are generated and kept as integers of a fixed unit (e.g. 1e-8 USDT) and only turned
 * into decimal text when a response is written. Integer arithmetic keeps every digit exact
 * (no float-formatted "0.30000000000000004" on the wire).
 */

/** Integer units of 10^-dp as a decimal string, trailing fractional zeros trimmed. */
export function formatUnits(units: number | bigint, dp: number): string {
  if (typeof units === "number" && !Number.isSafeInteger(units)) {
    throw new RangeError(`formatUnits: ${units} is not a safe integer`);
  }
  const negative = units < 0;
  const digits = (negative ? -BigInt(units) : BigInt(units)).toString();
  if (dp === 0) return (negative ? "-" : "") + digits;
  const padded = digits.padStart(dp + 1, "0");
  const int = padded.slice(0, -dp);
  const frac = padded.slice(-dp).replace(/0+$/, "");
  return (negative ? "-" : "") + (frac ? `${int}.${frac}` : int);
}

/** Number of decimal places of a plain decimal string ("0.010" → 3). */
export function decimalPlaces(text: string): number {
  const dot = text.indexOf(".");
  return dot === -1 ? 0 : text.length - dot - 1;
}

/** Same as decimalPlaces but ignoring trailing zeros ("0.010" → 2): what precision checks need. */
export function significantDecimalPlaces(text: string): number {
  const dot = text.indexOf(".");
  if (dot === -1) return 0;
  return text.slice(dot + 1).replace(/0+$/, "").length;
}


