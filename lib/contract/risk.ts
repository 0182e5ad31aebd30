/**
 * The risk routes' contract: the rule keys, a flag's severities, subject types and states, and
 * the queries and bodies the routes parse. What each rule checks, its parameters with their
 * bounds and defaults and its query are the server's table (lib/risk/rules.ts); a rule's
 * parameters are checked there against that table (a 400 naming `params.<name>`).
 */
import { z } from "zod";
import { inEnum, inList, inText, inTime } from "@/lib/weex/wire";
import { decimal, id, listPageSchema, time } from "./answer-meta";
import { ORDERED_ONLY, paged, windowed } from "./queries";

import { RISK_FLAG_STATES, RISK_RULE_KEYS, RISK_SEVERITIES, RISK_SUBJECT_TYPES } from "./risk-keys";

export * from "./risk-keys";

/**
 * The filters of GET /api/risk/flags and its CSV export: the open flags unless `state` says
 * otherwise; `startTime`/`endTime` (epoch ms) keep the flags seen in [startTime, endTime): first
 * seen before its end and last seen at or after its start.
 */
const flagFilters = {
  state: inEnum(RISK_FLAG_STATES).default("open"),
  rule: inEnum(RISK_RULE_KEYS).optional(),
  severity: inEnum(RISK_SEVERITIES).optional(),
  subjectType: inEnum(RISK_SUBJECT_TYPES).optional(),
  subject: inText(64).optional(),
  startTime: inTime.optional(),
  endTime: inTime.optional(),
};

/** GET /api/risk/flags/export: every flag of the filters. */
export const riskFlagsExportQuery = windowed(flagFilters, ORDERED_ONLY);
export type RiskFlagsFilter = z.output<typeof riskFlagsExportQuery>;

/** GET /api/risk/flags: one page of the flags of the filters. */
export const riskFlagsQuery = paged(riskFlagsExportQuery, "riskFlags");
export type RiskFlagsQuery = z.output<typeof riskFlagsQuery>;

/** A flag as the routes answer it: its evidence's figures are exact decimal strings, `summary` one sentence in the reader's language. */
export const riskFlagSchema = z.object({
  id,
  rule: z.enum(RISK_RULE_KEYS),
  severity: z.enum(RISK_SEVERITIES),
  subject: z.object({ type: z.enum(RISK_SUBJECT_TYPES), id }),
  evidence: z.record(z.string(), z.unknown()),
  summary: z.string(),
  firstSeenAt: time,
  lastSeenAt: time,
  state: z.enum(RISK_FLAG_STATES),
  note: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: time.nullable(),
});
export type RiskFlagItem = z.output<typeof riskFlagSchema>;

/** An amount per coin: coins are never summed together. */
const perCoin = z.array(z.object({ coin: z.string(), amount: decimal }));

/**
 * GET /api/risk/flags: the list shape, plus `counts` (the flags of every filter but `severity`,
 * by severity) and `atRisk`: over the open flags of every filter but `state`, the commission per
 * coin the flagged invitees brought in [from, to) (their own commission records) and the flagged
 * sub-affiliates' paid commission as WEEX reports it (USDT), in the UTC days starting in [from,
 * to). [from, to) is startTime/endTime, by default the last 30 UTC days up to now.
 */
export const riskFlagsPageSchema = listPageSchema(riskFlagSchema).extend({
  counts: z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }),
  atRisk: z.object({ from: time, to: time, invitees: perCoin, subAffiliates: perCoin }),
});
export type RiskFlagsPage = z.output<typeof riskFlagsPageSchema>;

/** Free text a person types: no control characters but line breaks. */
const note = z.string().trim().max(2000).regex(/^[^\u0000-\u0009\u000b-\u001f\u007f]*$/, "must not contain control characters");

/** PATCH /api/risk/flags/{id}: a review; dismissing needs a note (why it is no risk). */
export const riskFlagPatch = z
  .strictObject({ state: inEnum(["open", "dismissed", "confirmed"] as const), note: note.optional() })
  .superRefine((b, ctx) => {
    if (b.state === "dismissed" && !b.note) ctx.addIssue({ code: "custom", path: ["note"], message: "is required to dismiss a flag" });
  });
export type RiskFlagPatch = z.output<typeof riskFlagPatch>;

export const riskFlagParams = z.strictObject({ id: z.string().regex(/^\d{1,18}$/, "must be a flag id") });
/** GET /api/risk/flags/{id} takes nothing but its path: a query is a 400 naming it. */
export const riskFlagQuery = z.strictObject({});

/** PATCH /api/risk/rules/{rule}: each parameter is checked against the rule's bounds on the server. */
export const riskRulePatch = z
  .strictObject({ enabled: z.boolean().optional(), params: z.record(z.string(), z.union([z.number(), z.string()])).optional() })
  .refine((b) => b.enabled !== undefined || b.params !== undefined, "must change enabled or params");
export type RiskRulePatch = z.output<typeof riskRulePatch>;

export const riskRuleParams = z.strictObject({ rule: inEnum(RISK_RULE_KEYS) });

/** One UTC day of the figures behind a flag: an invitee's deposits, withdrawals and volume, or a sub-affiliate's volume and commission (exact decimal strings). */
const riskSeriesDay = z.object({ day: z.string() }).catchall(decimal);
export type RiskSeriesDay = z.output<typeof riskSeriesDay>;

/**
 * GET /api/risk/flags/{id}: the flag and the daily figures behind it, from the archive tables
 * its rule reads: an invitee's days over the evidence's period with some days either side, a
 * sub-affiliate's days with records over its baseline and the spike with the baseline's median;
 * `none` for a subject without daily figures of its own (an invite code, the account).
 */
export const riskFlagDetailSchema = z.object({
  flag: riskFlagSchema,
  series: z.object({
    kind: z.enum(["invitee", "subAffiliate", "none"]),
    days: z.array(riskSeriesDay),
    median: z.object({ volume: decimal, commission: decimal }).optional(),
  }),
});
export type RiskFlagDetail = z.output<typeof riskFlagDetailSchema>;

/** The most subjects one request names: a table's largest page. */
export const RISK_SUBJECTS_MAX = 200;

/** GET /api/risk/subjects: the open flags of the subjects a table shows (a badge per row). */
export const riskSubjectsQuery = z.strictObject({
  subjectType: inEnum(["invitee", "subAffiliate", "inviteCode"] as const),
  ids: inList(inText(64), RISK_SUBJECTS_MAX),
});
export type RiskSubjectsQuery = z.output<typeof riskSubjectsQuery>;

/** Per subject with an open flag: the highest severity, the rules (each once) and how many flags. */
const riskSubjectFlags = z.object({
  subject: z.object({ type: z.enum(RISK_SUBJECT_TYPES), id }),
  severity: z.enum(RISK_SEVERITIES),
  rules: z.array(z.enum(RISK_RULE_KEYS)),
  count: z.number().int(),
});
export type RiskSubjectFlags = z.output<typeof riskSubjectFlags>;
export const riskSubjectsSchema = z.object({ items: z.array(riskSubjectFlags) });
