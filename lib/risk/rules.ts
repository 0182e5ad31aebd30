/**
 * The risk rules, one table: for each rule its subject, severity, parameters (bounds and
 * defaults, the same zod-free specs as the alert kinds'), the datasets it reads (a sync of one
 * of them re-evaluates it), how far back its query reads and when two firings are one episode,
 * and the query that finds where it holds on the archive. Names and explanations in both
 * languages are the `risk.rules.<key>` messages (messages/en/risk.json, messages/zh-CN/risk.json).
 */
import type { SQL } from "drizzle-orm";
import type { ParamSpec } from "@/lib/contract/alert-kinds";
import type { RiskRuleKey, RiskSeverity, RiskSubjectType } from "@/lib/contract/risk";
import type { DatasetKey } from "@/lib/archive/settings";
import { DAY_MS, utcMonthStart } from "@/lib/time/calendar";
import { hollowSignupsQuery, signupBurstQuery, subSpikeQuery, twinDepositsQuery } from "./code-queries";
import { churnQuery, inAndOutQuery } from "./invitee-queries";
import { concentrationQuery, fundedInviteeQuery } from "./money-queries";
import type { Only } from "./only";
import { codeSubjects, concentrationSubjects, depositCodeSubjects, fundedSubjects, inviteeSubjects, subAffiliateSubjects, type Changed } from "./pass-subjects";

/** A rule's parameter: a whole number or a number (a percentage) within bounds. */
export type RiskParamSpec = Extract<ParamSpec, { type: "int" } | { type: "number" }>;
export type RiskParams = Record<string, number>;

export interface RiskRuleDef {
  /** its flags' subject type (for a rule with `subjectTypes`, the widest of them) */
  subjectType: RiskSubjectType;
  /** a rule whose subject type is decided per firing: its query names it (`subject_type`), one of these */
  subjectTypes?: readonly RiskSubjectType[];
  severity: RiskSeverity;
  params: Record<string, RiskParamSpec>;
  reads: readonly DatasetKey[];
  /** how far before a position its window reaches (ms), where the query reads only the rows from `from` on */
  lookbackMs(p: RiskParams): number;
  /** firings of one subject at most this far apart (ms) are one episode */
  gapMs(p: RiskParams): number;
  /** every position where the rule holds on the data from `from` (ms) on, of the subjects `only` keeps: (subject_id, at, evidence[, subject_type]) */
  query(p: RiskParams, from: number, only: Only): SQL;
  /** the subjects of the rows a sync wrote (null: every subject with rows), as `subject_id` (pass-subjects.ts) */
  subjects(changed: Changed | null): SQL;
  /**
   * the earliest position a row written from `from` on can change, where it lies further back
   * than the pass's margin (`from`): a window reaching forward from its position, a month
   */
  changedFrom?(p: RiskParams, from: number): number;
}

const int = (min: number, max: number, dflt: number) => ({ type: "int", min, max, default: dflt }) as const;
const percent = (dflt: number) => ({ type: "number", above: 0, max: 100, default: dflt }) as const;
const days = (n: number) => n * DAY_MS;

// The query builders take their own parameter shapes; the table hands them the validated,
// default-filled parameters of their rule (settings.ts `paramsOf`).
type Q<P> = (p: P, from: number, only: Only) => SQL;
const q = <P>(f: Q<P>) => f as unknown as Q<RiskParams>;

/**
 * An invitee's rule over trailing windows of `days` UTC days of its deposits, withdrawals and
 * volume: it reads back one window, and firings within one window of each other are one episode.
 */
function inviteeWindow<P extends { days: number }>(severity: RiskSeverity, params: Record<string, RiskParamSpec>, query: Q<P>): RiskRuleDef {
  return { subjectType: "invitee", severity, params, reads: ["inviteeTotals", "commissions"], lookbackMs: (p) => days(p.days), gapMs: (p) => days(p.days), query: q(query), subjects: inviteeSubjects };
}

/**
 * A rule with no trailing window (its position is a day, a transfer or a month, and what it
 * reads there needs no data from before it) whose every position is an episode of its own.
 */
function eachPosition(def: Omit<RiskRuleDef, "lookbackMs" | "gapMs">): RiskRuleDef {
  return { ...def, lookbackMs: () => 0, gapMs: () => 0 };
}

export const RISK_RULES: Record<RiskRuleKey, RiskRuleDef> = {
  inAndOut: inviteeWindow("high", { days: int(1, 30, 3), minDeposit: int(1, 1_000_000_000, 100), withdrawnPercent: percent(90), volumeMultiple: int(1, 1_000, 3) }, inAndOutQuery),
  churn: inviteeWindow("medium", { days: int(1, 90, 30), volumeMultiple: int(1, 100_000, 200), minVolume: int(1, 1_000_000_000_000, 100_000) }, churnQuery),
  signupBurst: {
    subjectType: "inviteCode",
    severity: "medium",
    params: { windowMinutes: int(1, 1_440, 10), minCount: int(2, 100_000, 20), factor: int(1, 1_000, 5), historyDays: int(1, 90, 28) },
    reads: ["invitees"],
    lookbackMs: (p) => days(p.historyDays) + p.windowMinutes * 60_000,
    gapMs: (p) => p.windowMinutes * 60_000,
    query: q(signupBurstQuery),
    subjects: (changed) => codeSubjects(changed, { noCode: true }),
  },
  hollowSignups: {
    subjectType: "inviteCode",
    severity: "medium",
    params: { minCount: int(1, 1_000_000, 50), maxKycPercent: percent(5) },
    reads: ["invitees"],
    lookbackMs: () => days(7),
    gapMs: () => 0,
    query: q(hollowSignupsQuery),
    subjects: (changed) => codeSubjects(changed, { noCode: false }),
  },
  twinDeposits: eachPosition({ subjectType: "inviteCode", severity: "medium", params: { minCount: int(2, 10_000, 5) }, reads: ["inviteeTotals", "invitees"], query: q(twinDepositsQuery), subjects: depositCodeSubjects }),
  subSpike: {
    subjectType: "subAffiliate",
    severity: "medium",
    params: { factor: int(2, 1_000, 10), baselineDays: int(7, 180, 28), minDays: int(1, 180, 7), minVolume: int(0, 1_000_000_000_000, 10_000) },
    reads: ["subAffiliates"],
    // (its query reads each day's baseline before `from` itself)
    lookbackMs: () => 0,
    gapMs: () => days(1),
    query: q(subSpikeQuery),
    subjects: subAffiliateSubjects,
  },
  // Each transfer is its own episode (a reviewer judges each payment: dismissing one does not
  // hide the next).
  fundedInvitee: eachPosition({ subjectType: "invitee", severity: "high", params: { days: int(1, 30, 7) }, reads: ["withdrawals", "commissions"], query: q(fundedInviteeQuery), subjects: fundedSubjects, changedFrom: (p, from) => from - days(p.days) }),
  // One episode per scope, coin and UTC month (the subject id names the coin; the position is
  // the month's start). Exposure, not fraud: severity low.
  concentration: eachPosition({
    subjectType: "account",
    subjectTypes: ["account", "inviteCode"],
    severity: "low",
    params: { percent: percent(50), minUsdt: int(1, 1_000_000_000, 100), minBtc: { type: "number", above: 0, max: 1_000, default: 0.001 } },
    reads: ["commissions", "invitees"],
    query: q(concentrationQuery),
    subjects: concentrationSubjects,
    changedFrom: (_p, from) => utcMonthStart(from),
  }),
};
