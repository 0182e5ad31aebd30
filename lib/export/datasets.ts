/**
 * The three CSV exports, as configuration: which columns (the interface document's field
 * names, in its order) and what the file is called. Writing and streaming are shared
 * (`csv.ts`, `response.ts`); adding an export means adding an entry here.
 *
 * File names say what is in the file: `<dataset>[_<product|all>][_<filters>]_<from>_<to>.csv`, dates as
 * `YYYY-MM-DD` in UTC (the upstream's days). A missing start is `earliest`; a missing end is
 * the day of the export.
 */
import type { InviteeRecord, SubAffiliateRecord, WithdrawalRecord } from "@/lib/weex/endpoints";
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
