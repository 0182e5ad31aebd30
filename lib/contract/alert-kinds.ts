/**
 * The alert rule kinds with their parameters (bounds and defaults: one table, `RULE_KIND_PARAMS`),
 * and the fixed choices of the alerts API, as plain data: the /alerts page needs these and
 * nothing else of the contract, so it does not load zod (a sixth of a page's first-load
 * JavaScript). The zod schemas that check bodies on the server are in ./alerts.ts, built from
 * this table.
 */
import { RISK_SEVERITIES } from "./risk-keys";

export const PRODUCT_SCOPES = ["SPOT", "FUTURES", "both"] as const;
export type ProductScope = (typeof PRODUCT_SCOPES)[number];

export const RULE_KINDS = ["drop", "silent", "dormant", "daily", "riskFlag"] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/**
 * One parameter of a rule kind, as data: what it may be and its default. The server's schemas
 * (./alerts.ts `RULE_PARAMS`) are built from these, the admin's form draws one field each and
 * checks them before sending, and a rule's sentence (lib/alerts/condition.ts) names them.
 * - `int`: a whole number in [min, max];
 * - `number`: a number above `above` and at most `max` (a percentage);
 * - `choice`: one of `options`;
 * - `decimal`: a decimal number as text (exact; up to 20 digits, 18 after the point).
 */
export type ParamSpec =
  | { type: "int"; min: number; max: number; default: number }
  | { type: "number"; above: number; max: number; default: number }
  | { type: "choice"; options: readonly string[]; default: string }
  | { type: "decimal"; default: string };

const int = (min: number, max: number, dflt: number) => ({ type: "int", min, max, default: dflt }) as const;
const choice = <const O extends readonly string[]>(options: O, dflt: O[number]) => ({ type: "choice", options, default: dflt }) as const;

/** A decimal parameter's text: an optional minus, up to 20 digits, up to 18 after the point. */
export const DECIMAL_TEXT = /^-?\d{1,20}(\.\d{1,18})?$/;

/**
 * Each rule kind's parameters, in the order the form asks for them, with their bounds and
 * defaults, so `{kind: "drop"}` alone is a complete rule: volume falling by 40 % or more over
 * 7 days against the 28 before, SPOT and FUTURES.
 * - drop: a sub-affiliate's volume or paid commission over the last `days` falls by at least
 *   `percent` against its daily average of the `baselineDays` before;
 * - silent: a sub-affiliate that had records has none (no volume) for `days`;
 * - dormant: at least `count` invitees crossed "no trade for `days` days" since the last evaluation;
 * - daily: a day's total (in the rule's time zone) above or below a threshold;
 * - riskFlag: a risk flag raised after the rule was made, of `minSeverity` or above (one
 *   alert per flag, open while the flag is).
 */
export const RULE_KIND_PARAMS = {
  drop: {
    metric: choice(["volume", "commission"], "volume"),
    productType: choice(PRODUCT_SCOPES, "both"),
    days: int(1, 90, 7),
    baselineDays: int(1, 180, 28),
    percent: { type: "number", above: 0, max: 100, default: 40 },
  },
  silent: { productType: choice(PRODUCT_SCOPES, "both"), days: int(1, 180, 7) },
  dormant: { days: int(1, 365, 30), count: int(1, 1_000_000, 10) },
  daily: {
    metric: choice(["newInvitees", "firstTrades", "paidCommission"], "paidCommission"),
    direction: choice(["above", "below"], "below"),
    threshold: { type: "decimal", default: "0" },
  },
  riskFlag: { minSeverity: choice(RISK_SEVERITIES, "medium") },
} as const satisfies Record<RuleKind, Record<string, ParamSpec>>;

type Defaults<P> = { [K in keyof P]: P[K] extends { default: infer D } ? D : never };

/** Each kind's defaults, from the table above. */
export const RULE_DEFAULTS = Object.fromEntries(
  RULE_KINDS.map((k) => [k, Object.fromEntries(Object.entries(RULE_KIND_PARAMS[k]).map(([name, spec]) => [name, spec.default]))]),
) as { [K in RuleKind]: Defaults<(typeof RULE_KIND_PARAMS)[K]> };

/** What is wrong with a parameter's value, if anything: for the form to name the field before sending. */
export type ParamProblem = { problem: "int"; min: number; max: number } | { problem: "number"; above: number; max: number } | { problem: "choice"; options: readonly string[] } | { problem: "decimal" };

/**
 * A form's text for one parameter, as the API takes it (a number or a string), or what is wrong
 * with it. The same bounds the server checks (./alerts.ts builds its schemas from this table).
 */
export function readParam(spec: ParamSpec, text: string): { value: number | string } | ParamProblem {
  const t = text.trim();
  switch (spec.type) {
    case "int": {
      const n = Number(t);
      return t !== "" && Number.isInteger(n) && n >= spec.min && n <= spec.max ? { value: n } : { problem: "int", min: spec.min, max: spec.max };
    }
    case "number": {
      const n = Number(t);
      return t !== "" && Number.isFinite(n) && n > spec.above && n <= spec.max ? { value: n } : { problem: "number", above: spec.above, max: spec.max };
    }
    case "choice":
      return spec.options.includes(t) ? { value: t } : { problem: "choice", options: spec.options };
    case "decimal":
      return DECIMAL_TEXT.test(t) ? { value: t } : { problem: "decimal" };
  }
}

export const DESTINATION_KINDS = ["webhook", "email"] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];

export const CADENCES = ["weekly", "monthly"] as const;
export type Cadence = (typeof CADENCES)[number];

/**
 * Who a scheduled report goes to: its destinations (one report of the whole account), or each
 * partner with an email (each their own report, of their scope, in their language).
 */
export const AUDIENCES = ["destinations", "each-partner"] as const;
export type Audience = (typeof AUDIENCES)[number];
