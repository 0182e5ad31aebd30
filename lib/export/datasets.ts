/**
 * The three CSV exports, as configuration: which columns (the interface document's field
 * names, in its order) and what the file is called. Writing and streaming are shared
 * (`csv.ts`, `response.ts`); adding an export means adding an entry here.
 *
 * File names say what is in the file: `<dataset>[_<product|all>][_<filters>]_<from>_<to>.csv`, dates as
 * `YYYY-MM-DD` in UTC (the upstream's days). A missing start is `earliest`; a missing end is
 * the day of the export.
 */
import type { InviteeValue } from "@/lib/contract/responses";
import type { RiskFlagItem } from "@/lib/contract/risk";
import type { CommissionRecord, InviteeRecord, SubAffiliateRecord, WithdrawalRecord } from "@/lib/weex/records";
import type { CsvColumn } from "./csv";

/** The columns of a record type, each one of its fields, value exactly as received. */
function fields<T>(names: readonly (keyof T & string)[]): CsvColumn<T>[] {
  return names.map((name) => ({ header: name, value: (row: T) => row[name] as string | number | boolean | null | undefined }));
}

export const SUB_AFFILIATE_COLUMNS = fields<SubAffiliateRecord>([
  "subAffiliateUid",
  "productType",
  "date",
  "tradingVolume",
  "netTradingFee",
  "paidCommission",
]);

export const INVITEE_COLUMNS = fields<InviteeRecord>([
  "uid",
  "registerTime",
  "kycResult",
  "inviteCode",
  "firstDeposit",
  "firstTrade",
  "lastDeposit",
  "lastTrade",
]);

export const WITHDRAWAL_COLUMNS = fields<WithdrawalRecord>([
  "fromUserId",
  "toUserId",
  "withdrawId",
  "coin",
  "status",
  "amount",
  "createTime",
  "updateTime",
]);

/** Commission records under WEEX's field names, in its order; `date` in ms. */
export const COMMISSION_COLUMNS = fields<CommissionRecord>([
  "uid",
  "date",
  "coin",
  "productType",
  "symbol",
  "sourceType",
  "fee",
  "commission",
  "rate",
  "takerAmount",
  "makerAmount",
]);

/**
 * The value list: one row per invitee, the commission in a column per coin WEEX pays
 * in (USDT, BTC; empty where the invitee brought none in it: never converted) and any other
 * coin as `COIN amount` pairs in the last column.
 */
export const INVITEE_VALUE_COLUMNS: CsvColumn<InviteeValue>[] = [
  ...fields<InviteeValue>(["uid", "inviteCode", "registerTime", "spotTradingAmount", "futuresTradingAmount", "depositAmount", "withdrawalAmount"]),
  { header: "commissionUSDT", value: (r) => r.commission.USDT ?? null },
  { header: "commissionBTC", value: (r) => r.commission.BTC ?? null },
  {
    header: "commissionOtherCoins",
    value: (r) =>
      Object.entries(r.commission)
        .filter(([c]) => c !== "USDT" && c !== "BTC")
        .map(([c, v]) => `${c} ${v}`)
        .join("; ") || null,
  },
];

/** An instant as ISO 8601 in UTC, or empty. */
const isoUtc = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Risk flags: the sentence in the reader's language, the subject, rule, severity and state,
 * times in ISO 8601 UTC, the review, and the evidence's figures as the JSON the API answers
 * (exact decimal strings; its period's `from`/`to` in epoch ms).
 */
export const RISK_FLAG_COLUMNS: CsvColumn<RiskFlagItem>[] = [
  ...fields<RiskFlagItem>(["id", "summary"]),
  { header: "subjectType", value: (r) => r.subject.type },
  { header: "subject", value: (r) => r.subject.id },
  ...fields<RiskFlagItem>(["rule", "severity", "state"]),
  { header: "firstSeenAt", value: (r) => isoUtc(r.firstSeenAt) },
  { header: "lastSeenAt", value: (r) => isoUtc(r.lastSeenAt) },
  { header: "evidenceJson", value: (r) => JSON.stringify(r.evidence) },
  ...fields<RiskFlagItem>(["note", "resolvedBy"]),
  { header: "resolvedAt", value: (r) => isoUtc(r.resolvedAt) },
];

interface Range {
  startTime?: number;
  endTime?: number;
}

/** `YYYY-MM-DD` of an instant in UTC. */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function rangePart(range: Range, now: number): string {
  const from = range.startTime === undefined ? "earliest" : utcDate(range.startTime);
  const to = utcDate(range.endTime ?? now);
  return `${from}_${to}`;
}

export function subAffiliatesFilename(filter: Range & { productType?: string }, now = Date.now()): string {
  return `sub-affiliates_${filter.productType ?? "all"}_${rangePart(filter, now)}.csv`;
}

/** The invitee list's extra filters, as the file name says them. */
interface InviteeFilterNames {
  stage?: string;
  activity?: string;
  activeDays?: number;
  inviteCode?: string;
}

/** `invitees[_stage-traded][_dormant-30d][_code-ABC]_<from>_<to>.csv` (a code's other characters as `-`). */
export function inviteesFilename(filter: Range & InviteeFilterNames, now = Date.now()): string {
  const parts = [
    filter.stage && `stage-${filter.stage}`,
    filter.activity && (filter.activity === "never" ? "never-traded" : `${filter.activity}-${filter.activeDays ?? 30}d`),
    filter.inviteCode !== undefined && `code-${filter.inviteCode.replace(/[^A-Za-z0-9_]/g, "-")}`,
  ].filter(Boolean);
  return `invitees${parts.map((p) => `_${p}`).join("")}_${rangePart(filter, now)}.csv`;
}

export function transfersFilename(filter: Range, now = Date.now()): string {
  return `transfers_${rangePart(filter, now)}.csv`;
}

/** `commissions[_SPOT][_USDT][_uid-1][_direct|_sub-agents]_<from>_<to>.csv` */
export function commissionsFilename(filter: Range & { productType?: string; coin?: string; uid?: string; symbol?: string; sourceType?: number }, now = Date.now()): string {
  const parts = [
    filter.productType ?? "all",
    filter.coin,
    filter.uid && `uid-${filter.uid}`,
    filter.symbol && `symbol-${filter.symbol.replace(/[^A-Za-z0-9_]/g, "-")}`,
    filter.sourceType === 1 ? "direct" : filter.sourceType === 2 ? "sub-agents" : undefined,
  ].filter(Boolean);
  return `commissions${parts.map((p) => `_${p}`).join("")}_${rangePart(filter, now)}.csv`;
}

/** `invitee-value[_code-ABC][_uid-1]_by-commission_<from>_<to>.csv` */
export function inviteeValueFilename(filter: Range & { inviteCode?: string; uid?: string; sort: string }, now = Date.now()): string {
  const parts = [filter.inviteCode !== undefined && `code-${filter.inviteCode.replace(/[^A-Za-z0-9_]/g, "-")}`, filter.uid && `uid-${filter.uid}`, `by-${filter.sort}`].filter(Boolean);
  return `invitee-value${parts.map((p) => `_${p}`).join("")}_${rangePart(filter, now)}.csv`;
}

/** `risk-flags_<state>[_<rule>][_<severity>][_<subjectType>][_subject-X]_<from>_<to>.csv` (the flags seen in the range) */
export function riskFlagsFilename(filter: Range & { state: string; rule?: string; severity?: string; subjectType?: string; subject?: string }, now = Date.now()): string {
  const parts = [filter.state, filter.rule, filter.severity, filter.subjectType, filter.subject !== undefined && `subject-${filter.subject.replace(/[^A-Za-z0-9_]/g, "-")}`].filter(Boolean);
  return `risk-flags${parts.map((p) => `_${p}`).join("")}_${rangePart(filter, now)}.csv`;
}
