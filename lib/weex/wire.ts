/**
 * Values as they travel on the WEEX wire, in both directions.
 *
 * Upstream bodies are parsed with lossless-json, so every JSON number arrives here as its exact
 * text. The schemas below turn those into what the dashboard
 * carries end to end: ids and decimals as exact strings, times and small integers as numbers.
 * WEEX sends the same field as a number one day and a string the next, so each accepts both.
 */
import { isLosslessNumber, LosslessNumber, parse as losslessParse, stringify as losslessStringify } from "lossless-json";
import { z } from "zod";

/**
 * Parse an upstream body without rounding: every JSON number becomes its exact text (ids above
 * 2^53, decimals like 0.000000000000000001). The schemas below decide what each field becomes;
 * unknown fields stay text. Throws SyntaxError on bad JSON.
 */
export function parseWireJson(text: string): unknown {
  return losslessParse(text, null, (digits) => digits);
}

/** Serialise a request body; values wrapped in LosslessNumber go out as raw JSON numbers. */
export function stringifyWireJson(value: unknown): string {
  return losslessStringify(value) ?? "";
}

export function jsonNumber(digits: string): LosslessNumber {
  return new LosslessNumber(digits);
}

/** Unwrap LosslessNumber to its text, leave anything else alone. */
function raw(v: unknown): unknown {
  return isLosslessNumber(v) ? (v as LosslessNumber).value : v;
}

const DIGITS = /^-?\d+$/;
// Plain or scientific decimal text, as WEEX sends it ("0.01", "1E-8", "123456789012345678.123").
export const DECIMAL_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** A decimal a person or script may send us: plain notation only, no exponent, no sign. */
export const PLAIN_DECIMAL_RE = /^\d+(\.\d+)?$/;

// ---------------------------------------------------------------------------------------------
// Response side (tolerant about representation, strict about meaning)

/** An identifier: JSON number or string, always returned as its exact digits. */
export const wId = z.preprocess(
  (v) => {
    const r = raw(v);
    return typeof r === "number" ? String(r) : r;
  },
  z.string().regex(DIGITS, "expected an integer identifier"),
);

/** An identifier that may be missing, null or empty (e.g. orderId of a failed placement). */
export const wIdOptional = z.preprocess((v) => {
  const r = raw(v);
  if (r === "" || r === null || r === undefined) return null;
  return typeof r === "number" ? String(r) : r;
}, z.string().regex(DIGITS, "expected an integer identifier").nullable());

/** Any string-ish identifier (withdrawal ids are not always numeric). */
export const wText = z.preprocess((v) => {
  const r = raw(v);
  return typeof r === "number" ? String(r) : r;
}, z.string());

/** A decimal amount kept as the exact text received. */
export const wDecimal = z.preprocess((v) => {
  const r = raw(v);
  return typeof r === "number" ? String(r) : r;
}, z.string().regex(DECIMAL_RE, "expected a decimal"));

/** A decimal that upstream sometimes leaves empty or null. */
export const wDecimalOptional = z.preprocess((v) => {
  const r = raw(v);
  if (r === "" || r === null || r === undefined) return null;
  return typeof r === "number" ? String(r) : r;
}, z.string().regex(DECIMAL_RE, "expected a decimal").nullable());

/**
 * What WEEX writes for an amount it does not know (seen on getAssert; the rebate reads may
 * send it anywhere). Parsed as `null`: an unknown amount is never 0 and never summed.
 */
export const UNKNOWN_AMOUNT = "--";

/**
 * An amount of the rebate reads: a decimal kept as its exact text, or `null` when WEEX says it
 * does not know it (`"--"`, or JSON null). Absent is not unknown: a record without it is not
 * the record the interface describes (the schema decides whether the field may be absent).
 */
export const wAmount = z.preprocess((v) => {
  const r = raw(v);
  if (r === UNKNOWN_AMOUNT || r === null) return null;
  return typeof r === "number" ? String(r) : r;
}, z.string({ error: "expected a decimal or \"--\"" }).regex(DECIMAL_RE, "expected a decimal or \"--\"").nullable());

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isUtcDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s;
}

/** A UTC day: `yyyy-MM-dd` as sent, or epoch milliseconds (number or digits) turned into their UTC date. */
export const wDay = z.preprocess((v) => {
  const r = raw(v);
  if (typeof r === "number" || (typeof r === "string" && /^\d{9,}$/.test(r))) {
    const ms = Number(r);
    return Number.isSafeInteger(ms) ? new Date(ms).toISOString().slice(0, 10) : r;
  }
  return r;
}, z.string().refine(isUtcDate, "expected a date YYYY-MM-DD"));

function toSafeInt(v: unknown): unknown {
  const r = raw(v);
  if (typeof r === "string" && r.trim() !== "") {
    const n = Number(r);
    return Number.isFinite(n) ? n : r;
  }
  return r;
}

/** A small integer (page, precision, confirmations); "20" and "1E1" are accepted. */
export const wInt = z.preprocess(toSafeInt, z.number().int());

/** Epoch milliseconds; number or string. */
export const wTime = z.preprocess(toSafeInt, z.number({ error: "expected epoch milliseconds" }).int("expected epoch milliseconds").nonnegative());

/** Epoch ms that means "never" when missing, null or 0. */
export const wTimeOptional = z.preprocess((v) => {
  const n = toSafeInt(v);
  return n === 0 || n === "" || n === undefined ? null : n;
}, z.number({ error: "expected epoch milliseconds" }).int("expected epoch milliseconds").positive().nullable());

export const wBool = z.preprocess((v) => {
  if (v === "true") return true;
  if (v === "false") return false;
  return v;
}, z.boolean());

// ---------------------------------------------------------------------------------------------
// Request side: what the dashboard accepts from a person or script, and sends upstream.
// Query strings deliver everything as text, JSON bodies may deliver numbers: both accepted.

const INT64_MAX = BigInt("9223372036854775807");

/** Integer identifier > 0 as a string of digits (never through a JS number), at most int64. */
export const inId = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .regex(/^[1-9]\d{0,18}$/, "must be a positive integer id (digits only)")
      // zod runs this even when the regex failed: BigInt("abc") would throw (a 500), so digits only
      .refine((s) => !/^\d+$/.test(s) || BigInt(s) <= INT64_MAX, "is larger than a 64-bit id"),
  );

/** Epoch milliseconds from a query string or JSON. */
export const inTime = z
  .union([z.string(), z.number()])
  .transform((v) => (typeof v === "number" ? v : v.trim() === "" ? NaN : Number(v)))
  .pipe(
    z
      .number({ error: "must be epoch milliseconds" })
      .int("must be whole epoch milliseconds")
      .min(0, "must not be negative")
      .max(8_640_000_000_000, "is too far in the future"),
  );

/** A UTC day as the rebate reads take it: `yyyy-MM-dd`, a real date. */
export const inDay = z
  .string({ error: "must be a date YYYY-MM-DD" })
  .trim()
  .refine(isUtcDate, "must be a date YYYY-MM-DD");

/**
 * A list of integer ids, given as an array or as one comma-separated text: 1 to `max` of them,
 * each as `inId` (digits, never through a JS number).
 */
export function inIdList(max: number) {
  return inList(inId, max);
}

/** A list given as an array or as one comma-separated text: 1 to `max` items, each checked by `item`. */
export function inList<T extends z.ZodType<unknown, string | number>>(item: T, max: number) {
  return z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], { error: "must be a list of ids" })
    .transform((v): (string | number)[] => (Array.isArray(v) ? v : String(v).split(",")).map((x) => String(x).trim()).filter((x) => x !== ""))
    .pipe(z.array(item).min(1, "must name at least one id").max(max, `must name at most ${max} ids`));
}

export function inInt(min: number, max: number) {
  return z
    .union([z.string(), z.number()])
    .transform((v) => (typeof v === "number" ? v : /^-?\d+$/.test(v.trim()) ? Number(v) : NaN))
    .pipe(
      z
        .number({ error: "must be an integer" })
        .int("must be an integer")
        .min(min, `must be at least ${min}`)
        .max(max, `must be at most ${max}`),
    );
}

/**
 * A decimal amount. Only strings: a JSON number has already lost digits by the time we see it.
 * `positive` rejects 0; otherwise 0 is allowed.
 */
export function inDecimal(opts: { positive: boolean }) {
  return z
    .string({ error: "must be a decimal string, e.g. \"0.01\"" })
    .trim()
    .regex(PLAIN_DECIMAL_RE, "must be a decimal string, e.g. \"0.01\"")
    .max(64, "is too long")
    .refine((s) => !opts.positive || /[1-9]/.test(s), "must be greater than 0");
}

export function inEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(", ")}` });
}

/** Short free text (symbols, coins, ids that are not numeric). */
export function inText(max: number) {
  return z
    .string({ error: "must be text" })
    .trim()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`)
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces");
}

/** A problem with one input, as zod reports it (or written alike). */
export type InputIssue = Pick<z.core.$ZodIssue, "path" | "message"> & { code?: string; keys?: readonly string[] };

/**
 * Issues with each unknown key named on its own path ("is not a known field"): zod reports
 * them together on the parent. The one place that rule is written; the server's field names
 * (lib/server/http/errors.ts) and the schemas that validate in parts (`forwardIssues`) use it.
 */
export function eachKeyNamed(issues: readonly InputIssue[]): { path: PropertyKey[]; message: string }[] {
  return issues.flatMap((i) =>
    i.code === "unrecognized_keys" && i.keys?.length
      ? i.keys.map((k) => ({ path: [...i.path, k], message: "is not a known field" }))
      : [{ path: [...i.path], message: i.message }],
  );
}

/** Inside a transform that validates in parts: report a part's issues as this schema's own. */
export function forwardIssues(ctx: z.RefinementCtx, issues: readonly InputIssue[]): void {
  for (const i of eachKeyNamed(issues)) ctx.addIssue({ code: "custom", message: i.message, path: i.path });
}
