/**
 * Generators for the fuzz suite (fuzz.test.ts): value pools and whole requests.
 *
 * A route's input is described field by field: values it must accept (`valid`) and values it
 * must reject whatever else is sent (`invalid`). From that, two kinds of request are built:
 *
 * - **broken** (most of them): a valid input plus at least one change that alone makes it
 *   invalid (a bad value, a missing required field, an unknown or prototype key, a key given
 *   twice, an impossible combination, unreadable or non-object JSON, a body over the size
 *   limit, a wrong content type). The route must answer 400 validation_error naming fields,
 *   and WEEX must not be asked.
 * - **mixed**: every field drawn from valid, invalid or absent. The answer may be anything
 *   but a 5xx; a 400 still must not reach WEEX.
 *
 * Valid pools are deliberately cheap upstream (known symbols, ranges of a day or two), so the
 * mixed inputs that happen to be valid stay within WEEX's weight budget.
 */
import fc from "fast-check";
import { DAY_MS } from "../../lib/time/calendar";

// ---------------------------------------------------------------------------------------------
// JSON with what JavaScript cannot hold: raw text is written into the body verbatim.

/** JSON text inserted as is (1e400, -0, 1E+2, deep nesting). */
export class Raw {
  constructor(readonly text: string) {}
}
export type Json = null | boolean | number | string | Raw | Json[] | { [k: string]: Json };
/** An object body as entries, so a key can appear twice (JSON.parse keeps the last). */
export type Entries = Array<[string, Json]>;

export function jsonText(v: Json): string {
  if (v instanceof Raw) return v.text;
  if (Array.isArray(v)) return `[${v.map(jsonText).join(",")}]`;
  if (v !== null && typeof v === "object") return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${jsonText(x)}`).join(",")}}`;
  return JSON.stringify(v);
}

export function entriesText(entries: Entries): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(",")}}`;
}

// ---------------------------------------------------------------------------------------------
// Shared pools

export const HOUR = 3_600_000;
/** Fixed once per run: the fuzz suite takes well under a minute, the windows are days wide. */
export const NOW = Date.now();

/** Strings no rule of the interface accepts as a number, id, enum or symbol. */
const NOT_A_NUMBER = ["abc", "NaN", "-NaN", "Infinity", "-Infinity", "1e400x", "12abc", "0x", "١٢٣", "１２３", "1_000", "1,5", "--1", "true", "null", "undefined", "[]", "{}"];

/** Unicode that breaks naive code: emoji, RTL override, zero-width, NUL, combining marks, CJK. */
const UNICODE = ["😀", "\u202eRTL", "zero\u200bwidth", "nul\u0000byte", "e\u0301\u0301", "中文", "Ω≈ç√", "b\ufeffom", "li\u2028ne", "tab\there", "new\nline"];

/**
 * Unicode text (whole graphemes, so it survives URL encoding) that keeps a character outside
 * printable ASCII after trimming: no rule for numbers, ids, enums or symbols accepts it
 * (String.prototype.trim and Number() skip the same Unicode spaces, so " 5" would be a number).
 */
const unicodeText = fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }).filter((s) => /[^\x21-\x7e]/.test(s.trim()));

/** Long strings: query values stay below Node's 16 KB header limit; bodies may go far beyond. */
const hugeQueryString = fc.constantFrom("9".repeat(3000), "a".repeat(3000), "😀".repeat(200), "%".repeat(900));

/** Digit strings of every length, far beyond 2^53 and 20 digits. */
const longDigits = fc.integer({ min: 21, max: 400 }).map((n) => "9".repeat(n));

export function pick<T>(values: readonly T[]): fc.Arbitrary<T> {
  return fc.constantFrom(...values);
}

// ---------------------------------------------------------------------------------------------
// Query-string fields (values are text; an empty value counts as absent, so no pool has "")

export interface Field<V> {
  valid: fc.Arbitrary<V>;
  invalid: fc.Arbitrary<V>;
  /** the route rejects an input without it */
  required?: boolean;
  /** optional for the route, but always sent in generated inputs (a time range keeps an export cheap) */
  keep?: boolean;
}

export const q = {
  /** epoch ms (inTime): digits; `valid` is a moment of the last two days */
  time(valid: fc.Arbitrary<number>): Field<string> {
    return {
      valid: valid.map(String),
      invalid: fc.oneof(
        pick([...NOT_A_NUMBER, "-1", "-86400000", "1.5", "1e400", "0.1e1x", " ", "9999999999999999"]),
        longDigits,
        fc.integer({ min: -1e15, max: -1 }).map(String),
        fc.double({ noNaN: true, noDefaultInfinity: true, min: 1, max: 1e12 }).filter((d) => !Number.isInteger(d)).map(String),
        unicodeText,
        hugeQueryString,
      ),
    };
  },

  /** positive integer id (inId): 1-20 digits, no leading zero */
  id(valid: fc.Arbitrary<string>, required = false): Field<string> {
    return {
      valid,
      invalid: fc.oneof(
        pick([...NOT_A_NUMBER, "0", "-1", "01", "1.0", "1e5", "+1", " ", "9223372036854775808", "18446744073709551615", "99999999999999999999"]),
        fc.bigInt({ min: 2n ** 63n, max: 10n ** 20n - 1n }).map(String),
        longDigits,
        unicodeText,
        hugeQueryString,
      ),
      required,
    };
  },

  /** integer in [min, max] (inInt) */
  int(min: number, max: number, validMax = max): Field<string> {
    return {
      valid: fc.integer({ min, max: validMax }).map(String),
      invalid: fc.oneof(
        pick([...NOT_A_NUMBER, "1.5", "1e2", "2E1", " ", "- 1"]),
        fc.integer({ min: -1e9, max: min - 1 }).map(String),
        fc.integer({ min: max + 1, max: max + 1e9 }).map(String),
        longDigits,
        unicodeText,
      ),
    };
  },

  /** one of fixed values, case-sensitive */
  enumOf(values: readonly string[], required = false): Field<string> {
    return {
      valid: pick(values),
      invalid: fc.oneof(
        pick(values.flatMap((v) => [v.toLowerCase() === v ? v.toUpperCase() : v.toLowerCase(), ` ${v}`, `${v} `, `${v},${v}`, `${v}\u0000`]).filter((v) => !values.includes(v))),
        fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 10 }).filter((s) => !values.includes(s)),
        unicodeText,
        pick(NOT_A_NUMBER),
        hugeQueryString,
      ),
      required,
    };
  },

  /** printable ASCII without spaces, 1..max characters (inText) */
  text(valid: fc.Arbitrary<string>, max: number, required = false): Field<string> {
    return {
      valid,
      invalid: fc.oneof(
        pick(["has space", " ", "\t", "tab\tin", ...UNICODE]),
        unicodeText,
        fc.integer({ min: max + 1, max: max + 200 }).map((n) => "x".repeat(n)),
        hugeQueryString,
      ),
      required,
    };
  },
};

// ---------------------------------------------------------------------------------------------
// JSON body fields

/** Wrong JSON types for a field that wants text. */
const NOT_TEXT: Json[] = [null, true, false, 0, -1, 1.5, new Raw("1e400"), new Raw("-0"), [], ["x"], {}, { $gt: "" }];

export const b = {
  /** decimal string > 0 (or ≥ 0) as the document wants: "0.01", never a JSON number */
  decimal(positive: boolean, required: boolean, valid: fc.Arbitrary<string> = pick(["0.01", "1", "0.0001", "60000", "123.456"])): Field<Json> {
    const bad: Json[] = ["-1", "-0.01", "1e-2", "1E3", "+1", ".5", "1.", "1..2", "0x10", "1,5", "١", " ", "", "NaN", "Infinity", "1".repeat(65), ...NOT_TEXT];
    if (positive) bad.push("0", "0.000", "00");
    return {
      valid,
      invalid: fc.oneof(pick(bad), fc.double({ noNaN: true }).map((d) => d as Json), unicodeText, fc.integer({ min: 1, max: 1e9 }).map((n) => n as Json)),
      required,
    };
  },

  enumOf(values: readonly string[], required: boolean): Field<Json> {
    return {
      valid: pick(values),
      invalid: fc.oneof(
        pick<Json>([...values.map((v) => (v.toLowerCase() === v ? v.toUpperCase() : v.toLowerCase())), ...values.map((v) => ` ${v}`), "", ...NOT_TEXT, values as unknown as Json]),
        fc.string({ unit: "grapheme-ascii", maxLength: 12 }).filter((s) => !values.includes(s)),
        unicodeText,
      ),
      required,
    };
  },

  /** a JSON number that must be exactly one of `values` (marginMode, triggerPriceType) */
  intOneOf(values: readonly number[], required: boolean): Field<Json> {
    return {
      valid: pick(values),
      invalid: fc.oneof(
        pick<Json>([...values.map(String), 2, 0, -1, 1.5, 4, new Raw("2e0"), new Raw("1e400"), new Raw("-0"), null, true, [], {}, "1"]),
        fc.integer().filter((n) => !values.includes(n)),
      ),
      required,
    };
  },

  /** text matching `re` (ids, usernames) */
  text(valid: fc.Arbitrary<string>, invalid: Json[], required: boolean, tooLong?: number): Field<Json> {
    const arbs: fc.Arbitrary<Json>[] = [pick<Json>([...invalid, ...NOT_TEXT])];
    if (tooLong !== undefined) arbs.push(fc.integer({ min: tooLong + 1, max: tooLong + 100 }).map((n) => "x".repeat(n)));
    return { valid, invalid: fc.oneof(...arbs), required };
  },

  time(): Field<Json> {
    return {
      valid: fc.integer({ min: NOW - 20 * DAY_MS, max: NOW - DAY_MS }),
      invalid: fc.oneof(pick<Json>(["abc", "", " ", "NaN", -1, 1.5, new Raw("1e400"), "1e400", null, true, [], {}, "-5"]), longDigits),
      required: false,
    };
  },

  bool(required: boolean): Field<Json> {
    return { valid: fc.boolean(), invalid: pick<Json>(["true", "false", 0, 1, null, "", [], {}, "yes"]), required };
  },
};

// ---------------------------------------------------------------------------------------------
// Cheap valid moments

/** a start of one or two days ago, an end in the last hour: one or two upstream pages */
export const recentStart = fc.integer({ min: NOW - 2 * DAY_MS, max: NOW - DAY_MS });
export const recentEnd = fc.integer({ min: NOW - HOUR, max: NOW });

// ---------------------------------------------------------------------------------------------
// Requests

export type Change<V> =
  /** drop every entry of the key */
  | { op: "remove"; key: string }
  /** replace the key's entries by one with this value */
  | { op: "set"; key: string; value: V }
  /** append an entry (an unknown key, or a key given twice) */
  | { op: "add"; key: string; value: V };

export interface InputModel<V> {
  fields: Record<string, Field<V>>;
  /** combinations that are invalid together although each value is fine (end before start, …) */
  combos?: fc.Arbitrary<Change<V>[]>;
  /** unknown keys are rejected (every strict zod schema) */
  strict: boolean;
  /** fields valid alone but not together (inviteCode with source=live): valid inputs leave these out */
  validTogether?: (entries: Array<[string, V]>) => boolean;
}

/**
 * Keys no route knows: random text, prototype-pollution keys, look-alikes of real fields.
 * `__proto__` only in JSON bodies: Next copies a query string into a plain object before a
 * route sees it, which swallows that key (fuzz.test.ts checks this separately).
 */
export function unknownKeys(known: readonly string[], where: "query" | "body"): fc.Arbitrary<string> {
  const lookAlikes = known.flatMap((k) => [k.toUpperCase(), `${k} `, `${k}[]`, `${k}.x`, `${k}\u200b`]).filter((k) => !known.includes(k));
  const special = ["constructor", "prototype", "toString", "hasOwnProperty", "__defineGetter__", "valueOf", "$where", "0", "a.b", "😀", ...(where === "body" ? ["__proto__"] : [])];
  return fc.oneof(
    { arbitrary: pick(special), weight: 3 },
    { arbitrary: lookAlikes.length ? pick(lookAlikes) : fc.constant("zzz"), weight: 2 },
    { arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 16 }), weight: 2 },
  ).filter((k) => k !== "" && !(where === "query" && k === "__proto__") && !known.includes(k));
}

/** A valid input: every required field, each optional one present or not. */
export function validEntries<V>(m: InputModel<V>): fc.Arbitrary<Array<[string, V]>> {
  const parts = Object.entries(m.fields).map(([key, f]) =>
    (f.required || f.keep ? f.valid.map((v) => [[key, v]] as Array<[string, V]>) : fc.option(f.valid, { nil: undefined }).map((v) => (v === undefined ? [] : ([[key, v]] as Array<[string, V]>)))),
  );
  const all: fc.Arbitrary<Array<[string, V]>> = parts.length ? fc.tuple(...parts).map((p) => p.flat()) : fc.constant([]);
  return m.validTogether ? all.filter(m.validTogether) : all;
}

/** One change that alone makes any input of the model invalid. */
export function breaker<V>(m: InputModel<V>, anyValue: fc.Arbitrary<V>, where: "query" | "body"): fc.Arbitrary<Change<V>[]> {
  const keys = Object.keys(m.fields);
  const required = keys.filter((k) => m.fields[k]!.required);
  const options: fc.Arbitrary<Change<V>[]>[] = [];
  if (keys.length) {
    options.push(
      fc.constantFrom(...keys).chain((key) => m.fields[key]!.invalid.map((value) => [{ op: "set", key, value } as Change<V>])),
      // a key given twice (the values do not matter: which one would count?)
      fc.tuple(fc.constantFrom(...keys), anyValue, anyValue).map(([key, v1, v2]) => [{ op: "add", key, value: v1 } as Change<V>, { op: "add", key, value: v2 } as Change<V>]),
    );
  }
  if (required.length) options.push(fc.constantFrom(...required).map((key) => [{ op: "remove", key } as Change<V>]));
  if (m.strict) options.push(fc.tuple(unknownKeys(keys, where), anyValue).map(([key, value]) => [{ op: "add", key, value } as Change<V>]));
  if (m.combos) options.push(m.combos);
  return fc.oneof(...options);
}

/** Apply changes in a fixed order (removals, then replacements, then additions) so none undoes another's invalidity. */
export function applyChanges<V>(entries: Array<[string, V]>, changes: Change<V>[]): Array<[string, V]> {
  let out = [...entries];
  for (const c of changes) if (c.op === "remove") out = out.filter(([k]) => k !== c.key);
  for (const c of changes) {
    if (c.op !== "set") continue;
    const at = out.findIndex(([k]) => k === c.key);
    out = out.filter(([k]) => k !== c.key);
    out.splice(at < 0 ? out.length : at, 0, [c.key, c.value]);
  }
  for (const c of changes) if (c.op === "add") out.push([c.key, c.value]);
  return out;
}

/**
 * A valid input with 1-3 breaking changes. A key given twice breaks only a query string (the
 * route rejects it); in a JSON body the last one wins, so there a duplicate is noise, not a break.
 */
export function brokenEntries<V>(m: InputModel<V>, anyValue: fc.Arbitrary<V>, where: "query" | "body"): fc.Arbitrary<Array<[string, V]>> {
  const known = new Set(Object.keys(m.fields));
  const breaks = breaker(m, anyValue, where).filter((cs) => where === "query" || !cs.some((c) => c.op === "add" && known.has(c.key)));
  return fc.tuple(validEntries(m), fc.array(breaks, { minLength: 1, maxLength: 3 })).map(([base, bs]) => applyChanges(base, bs.flat()));
}

/** Every field valid, invalid or absent (required ones too, now and then). */
export function mixedEntries<V>(m: InputModel<V>): fc.Arbitrary<Array<[string, V]>> {
  const parts = Object.entries(m.fields).map(([key, f]) => {
    const present = [
      { arbitrary: f.valid.map((v) => [[key, v]] as Array<[string, V]>), weight: 3 },
      { arbitrary: f.invalid.map((v) => [[key, v]] as Array<[string, V]>), weight: 1 },
    ];
    return f.keep ? fc.oneof(...present) : fc.oneof(...present, { arbitrary: fc.constant([] as Array<[string, V]>), weight: f.required ? 1 : 2 });
  });
  return parts.length ? fc.tuple(...parts).map((p) => p.flat()) : fc.constant([]);
}

/** Any query value (for keys given twice, unknown keys). Never "" (that counts as absent). */
export const anyQueryValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }),
  pick([...NOT_A_NUMBER, "1", "0", "-1", "1e3", ...UNICODE]),
);

/** Any JSON value: scalars, text, nested objects with prototype keys, deep arrays. */
export const anyJson: fc.Arbitrary<Json> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
  pick<Json>([...NOT_TEXT, new Raw('{"__proto__":{"polluted":true}}'), new Raw('{"constructor":{"prototype":{"polluted":true}}}')]),
  fc.integer({ min: 100, max: 3000 }).map((d) => new Raw(`${"[".repeat(d)}${"]".repeat(d)}`)),
  unicodeText,
);

export function queryString(entries: Array<[string, string]>): string {
  const s = new URLSearchParams(entries).toString();
  return s ? `?${s}` : "";
}

// ---------------------------------------------------------------------------------------------
// Whole bodies that no JSON route can take

export interface RawBody {
  text: string;
  contentType: string;
}

/** Unreadable JSON, JSON that is not an object, too large, or not sent as JSON. */
export function brokenBody(validText: fc.Arbitrary<string>): fc.Arbitrary<RawBody> {
  const json = "application/json";
  return fc.oneof(
    pick<RawBody>(
      ["{", "{\"a\":", "{'a': 1}", "{\"a\":1,}", "{\"a\": NaN}", "{\"a\": Infinity}", "{\"a\": undefined}", "{a:1}", "// c\n{}", "{\"a\":1}}", "nul", "\u0000", "{\"a\":\"\\x41\"}", "{\"a\":01}"].map((text) => ({ text, contentType: json })),
    ),
    pick<RawBody>(["[]", "[{}]", "\"text\"", "42", "-0", "1e400", "true", "null"].map((text) => ({ text, contentType: json }))),
    fc.integer({ min: 500, max: 20_000 }).map((d) => ({ text: `${"[".repeat(d)}${"]".repeat(d)}`, contentType: json })),
    validText.map((text) => ({ text: text.slice(0, -1), contentType: json })),
    // over the 64 KB limit: a valid body with one huge (unknown) field
    fc.tuple(validText, fc.integer({ min: 65 * 1024, max: 200 * 1024 })).map(([text, n]) => ({ text: `${text.slice(0, -1)}${text.length > 2 ? "," : ""}"pad":"${"x".repeat(n)}"}`, contentType: json })),
    fc.tuple(validText, pick(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx", "text/json", "application/xml"])).map(([text, contentType]) => ({ text, contentType })),
  );
}
