/**
 * The archive's rows of the two value datasets, as `ARCHIVE_READS` (read.ts) reads every dataset:
 * commission records as WEEX lists them (newest first, WEEX's field names, "--" as null), and
 * the per-invitee totals of the periods a range counts.
 *
 * A period of totals counts in a range when the midpoint of its held window lies in it (a UTC
 * day at 12:00 once read whole; a week on its Thursday): deposits are window sums, a range
 * cutting a period cannot be answered more finely than the period (`resolution` of the value
 * answer says which periods were summed).
 */
import { sql, type SQL } from "drizzle-orm";
import type { CommissionFilter, InviteeTotalsFilter } from "@/lib/affiliate/rebate-pages";
import type { CommissionRecord, InviteeTotalsRecord } from "@/lib/weex/records";
import { toMs } from "./db";
import { where, type ArchiveRead } from "./kernel";
import { inviteeOfScopeSql } from "./scope-invitees";

/** The filters as WEEX reads them (coin case-insensitive), plus ours; the time within [startTime, endTime]. */
export function commissionConds(f: CommissionFilter, table = sql``): SQL {
  return where([
    f.uid ? sql`${table}uid = ${f.uid}` : undefined,
    f.coin ? sql`${table}coin = ${f.coin.toUpperCase()}` : undefined,
    f.productType ? sql`${table}product_type = ${f.productType}` : undefined,
    f.symbol ? sql`${table}symbol = ${f.symbol}` : undefined,
    f.sourceType !== undefined ? sql`${table}source_type = ${f.sourceType}` : undefined,
    f.startTime !== undefined ? sql`${table}time >= ${f.startTime}` : undefined,
    f.endTime !== undefined ? sql`${table}time <= ${f.endTime}` : undefined,
    f.scope ? inviteeOfScopeSql(sql`${table}uid`, f.scope) : undefined,
  ]);
}

interface CommissionRow {
  key: string;
  uid: string;
  date: unknown;
  coin: string;
  productType: string;
  fee: string | null;
  commission: string | null;
  rate: string | null;
  symbol: string;
  sourceType: unknown;
  takerAmount: string | null;
  makerAmount: string | null;
}

/**
 * The row's key on a record, out of sight (a symbol: not in JSON, a CSV or a spread): records
 * carry no id of their own, and the keyset of a batched read needs one to continue after.
 */
const ROW_KEY = Symbol("archive row key");
type Keyed = CommissionRecord & { [ROW_KEY]?: string };

const amount = (v: string | null) => (v === null ? null : String(v));

export const COMMISSION_COLUMNS = sql`key, uid, time AS date, coin, product_type AS "productType", fee::text AS fee, commission::text AS commission,
  rate::text AS rate, symbol, source_type AS "sourceType", taker_amount::text AS "takerAmount", maker_amount::text AS "makerAmount"`;

/** A row as WEEX's record (its field order). */
export function commissionRecord(r: CommissionRow): CommissionRecord {
  const record: Keyed = {
    uid: r.uid,
    date: toMs(r.date)!,
    coin: r.coin,
    productType: r.productType,
    fee: amount(r.fee),
    commission: amount(r.commission),
    rate: amount(r.rate),
    symbol: r.symbol,
    sourceType: Number(r.sourceType),
    takerAmount: amount(r.takerAmount),
    makerAmount: amount(r.makerAmount),
  };
  Object.defineProperty(record, ROW_KEY, { value: r.key, enumerable: false });
  return record;
}

/** Newest first, then uid descending (longer ids are larger numbers), then the row key. */
export const COMMISSION_ORDER = sql`time DESC, length(uid) DESC, uid COLLATE "C" DESC, key COLLATE "C" DESC`;

export const commissionArchiveRead = {
  from: (f) => sql`archive_commission WHERE ${commissionConds(f)}`,
  columns: COMMISSION_COLUMNS,
  order: COMMISSION_ORDER,
  after: (r) => sql`(time, length(uid), uid COLLATE "C", key COLLATE "C") < (${r.date}, ${r.uid.length}, ${r.uid}, ${(r as Keyed)[ROW_KEY] ?? ""})`,
  record: commissionRecord,
} satisfies ArchiveRead<CommissionFilter, CommissionRecord, CommissionRow>;

// ---------------------------------------------------------------------------------------------
// Per-invitee totals

/** The periods counted in [startTime, endTime]: their held window's midpoint lies in it (floor of the halves' sum). */
export function periodConds(f: Pick<InviteeTotalsFilter, "startTime" | "endTime">): SQL {
  const mid = sql`((p.period_from + p.period_to) / 2)`;
  return where([f.startTime !== undefined ? sql`${mid} >= ${f.startTime}` : undefined, f.endTime !== undefined ? sql`${mid} <= ${f.endTime}` : undefined]);
}

interface TotalsRow {
  uid: string;
  depositAmount: string | null;
  withdrawalAmount: string | null;
  spotTradingAmount: string | null;
  futuresTradingAmount: string | null;
  commission: string | null;
  periodFrom: unknown;
  periodTo: unknown;
}

/** One invitee's totals of one period, under WEEX's field names, with the period it is the sum of. */
export const inviteeTotalsArchiveRead = {
  from: (f) => sql`archive_movement_period p JOIN archive_invitee_movement m USING (period_from) WHERE ${periodConds(f)} ${f.uid ? sql`AND m.uid = ${f.uid}` : sql``}`,
  columns: sql`m.uid, m.deposit_amount::text AS "depositAmount", m.withdrawal_amount::text AS "withdrawalAmount",
    m.spot_trading_amount::text AS "spotTradingAmount", m.futures_trading_amount::text AS "futuresTradingAmount",
    m.commission::text AS commission, p.period_from AS "periodFrom", p.period_to AS "periodTo"`,
  order: sql`p.period_from DESC, m.uid COLLATE "C" DESC`,
  after: (r) => sql`(p.period_from, m.uid COLLATE "C") < (${r.periodFrom as number}, ${r.uid})`,
  record: (r): InviteeTotalsRecord => ({
    uid: r.uid,
    depositAmount: amount(r.depositAmount),
    withdrawalAmount: amount(r.withdrawalAmount),
    spotTradingAmount: amount(r.spotTradingAmount),
    futuresTradingAmount: amount(r.futuresTradingAmount),
    commission: amount(r.commission),
    periodFrom: toMs(r.periodFrom),
    periodTo: toMs(r.periodTo),
  }),
} satisfies ArchiveRead<InviteeTotalsFilter, InviteeTotalsRecord, TotalsRow>;
