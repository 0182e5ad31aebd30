/**
 * Reading the archive: the same records, lists and aggregates the live upstream gives, from
 * SQL. Filters mean what they mean upstream (sub-affiliate ranges by UTC date, invitees by
 * registration time, transfers by creation time) and records come back in the upstream's
 * order, with the interface's field names, ids and decimals as exact strings.
 *
 * One table, `ARCHIVE_READS`, says per dataset which rows a filter selects, their order and
 * how a row becomes a record; `archiveRecords` (keyset batches, for exports and aggregates)
 * and `archivePage` (a list page) read any dataset through it.
 *
 * Sums are computed in SQL `numeric` (exact) and handed to the same aggregate code as live
 * records (sources.ts), so archive and live answers are equal to the character.
 */
import { sql, type SQL } from "drizzle-orm";
import type { InviteeFilter, SubAffiliateFilter, WithdrawalFilter } from "@/lib/affiliate/pages";
import type { InviteeRecord, SubAffiliateRecord, WithdrawalRecord } from "@/lib/weex/records";
import type { WeexPage } from "@/lib/weex/paging";
import { rows, toMs, type Db } from "./db";
import { where, type ArchiveRead } from "./kernel";
import type { DatasetKey } from "./settings";
import { commissionArchiveRead, inviteeTotalsArchiveRead } from "./value-read";
import { utcDate } from "@/lib/time/calendar";

/** Rows per batch when streaming records out (export, aggregates in JS). */
export const BATCH_ROWS = 2000;


/**
 * A partner's scope (a filter's `scope`, lib/affiliate/scope.ts) in SQL: `column` among the
 * scope's values; an empty list holds nothing. Undefined without a scope.
 */
export function inScope(column: SQL, values: readonly string[] | undefined): SQL | undefined {
  if (values === undefined) return undefined;
  return values.length ? sql`${column} IN (${sql.join(values.map((v) => sql`${v}`), sql`, `)})` : sql`FALSE`;
}

// ---------------------------------------------------------------------------------------------
// Sub-affiliate records

/**
 * The upstream includes a day when its UTC date lies between the dates of startTime and
 * endTime (the simulator's and, as far as anyone can tell, WEEX's reading of the filter).
 */
function subAffiliateConds(f: SubAffiliateFilter, now: number): SQL {
  return where([
    f.productType ? sql`product_type = ${f.productType}` : undefined,
    f.subUid ? sql`sub_affiliate_uid = ${f.subUid}` : undefined,
    inScope(sql`sub_affiliate_uid`, f.scope?.subAffiliateUids),
    f.startTime !== undefined ? sql`day >= ${utcDate(f.startTime)}::date` : undefined,
    sql`day <= ${utcDate(Math.min(f.endTime ?? now, now))}::date`,
  ]);
}

interface SubAffiliateRow {
  uid: string;
  productType: string;
  date: string;
  tradingVolume: string;
  netTradingFee: string;
  paidCommission: string;
}

const subAffiliateRecord = (r: SubAffiliateRow): SubAffiliateRecord => ({
  subAffiliateUid: r.uid,
  productType: r.productType,
  date: r.date,
  tradingVolume: String(r.tradingVolume),
  netTradingFee: String(r.netTradingFee),
  paidCommission: String(r.paidCommission),
});

/**
 * Sub-affiliate amounts summed in SQL, as records an aggregate can take in place of the rows
 * they sum (the aggregates only add up what they are given):
 * - `day`: one per (product, UTC day) — for the whole network straight from the per-day totals
 *   the sync maintains (730 rows for a year), for one sub-affiliate its own daily rows;
 * - `subAffiliate`: one per sub-affiliate (both products together unless the filter names one).
 */
export async function archiveSubAffiliateTotals(db: Db, filter: SubAffiliateFilter, key: "day" | "subAffiliate", now = Date.now()): Promise<SubAffiliateRecord[]> {
  const conds = subAffiliateConds(filter, now);
  const query =
    key === "subAffiliate"
      ? sql`SELECT sub_affiliate_uid AS uid, '' AS "productType", '' AS date,
                   sum(trading_volume)::text AS "tradingVolume", sum(net_trading_fee)::text AS "netTradingFee", sum(paid_commission)::text AS "paidCommission"
            FROM archive_sub_affiliate_daily WHERE ${conds} GROUP BY sub_affiliate_uid`
      : sql`SELECT ${filter.subUid ?? ""} AS uid, product_type AS "productType", to_char(day, 'YYYY-MM-DD') AS date,
                   trading_volume::text AS "tradingVolume", net_trading_fee::text AS "netTradingFee", paid_commission::text AS "paidCommission"
            FROM ${filter.subUid || filter.scope ? sql`archive_sub_affiliate_daily` : sql`archive_sub_affiliate_day_total`} WHERE ${conds}`;
  return (await rows<SubAffiliateRow>(db, query)).map(subAffiliateRecord);
}

// ---------------------------------------------------------------------------------------------
// Invitees

export function inviteeConds(f: InviteeFilter): SQL {
  return where([
    f.uid ? sql`uid = ${f.uid}` : undefined,
    inScope(sql`invite_code`, f.scope?.inviteCodes),
    f.startTime !== undefined ? sql`register_time >= ${f.startTime}` : undefined,
    f.endTime !== undefined ? sql`register_time <= ${f.endTime}` : undefined,
  ]);
}

export interface InviteeRow {
  uid: string;
  registerTime: unknown;
  kycResult: boolean;
  inviteCode: string | null;
  firstDeposit: unknown;
  firstTrade: unknown;
  lastDeposit: unknown;
  lastTrade: unknown;
}

export const INVITEE_COLUMNS = sql`uid, register_time AS "registerTime", kyc_result AS "kycResult", invite_code AS "inviteCode",
  first_deposit AS "firstDeposit", first_trade AS "firstTrade", last_deposit AS "lastDeposit", last_trade AS "lastTrade"`;

export const inviteeRecord = (r: InviteeRow): InviteeRecord => ({
  uid: r.uid,
  registerTime: toMs(r.registerTime)!,
  kycResult: r.kycResult,
  inviteCode: r.inviteCode,
  firstDeposit: toMs(r.firstDeposit),
  firstTrade: toMs(r.firstTrade),
  lastDeposit: toMs(r.lastDeposit),
  lastTrade: toMs(r.lastTrade),
});

/** The cohort funnel of lib/affiliate/funnel.ts, counted in SQL. */
export async function archiveFunnel(db: Db, range: { startTime: number; endTime: number }) {
  const [r] = await rows<{ registered: unknown; kyc: unknown; deposit: unknown; trade: unknown }>(
    db,
    sql`SELECT count(*) AS registered, count(*) FILTER (WHERE kyc_result) AS kyc,
               count(first_deposit) AS deposit, count(first_trade) AS trade
        FROM archive_invitee WHERE register_time BETWEEN ${range.startTime} AND ${range.endTime}`,
  );
  return { registered: Number(r.registered), kycPassed: Number(r.kyc), firstDeposit: Number(r.deposit), firstTrade: Number(r.trade) };
}

// ---------------------------------------------------------------------------------------------
// Internal transfers

/**
 * The upstream's filters: account types default to SPOT (as upstream), coin case-insensitive,
 * creation time within [startTime, endTime]. `allAccountTypes` drops the account-type filter
 * (an archive-only view of every transfer).
 */
export type ArchiveWithdrawalFilter = WithdrawalFilter & { allAccountTypes?: boolean };

function withdrawalConds(f: ArchiveWithdrawalFilter): SQL {
  return where([
    // (transfers are never in a partner's scope)
    f.scope ? sql`FALSE` : undefined,
    f.withdrawID ? sql`withdraw_id = ${f.withdrawID}` : undefined,
    f.coin ? sql`coin = ${f.coin.toUpperCase()}` : undefined,
    f.startTime !== undefined ? sql`create_time >= ${f.startTime}` : undefined,
    f.endTime !== undefined ? sql`create_time <= ${f.endTime}` : undefined,
    f.allAccountTypes ? undefined : sql`from_account_type = ${f.fromAccountType ?? "SPOT"} AND to_account_type = ${f.toAccountType ?? "SPOT"}`,
  ]);
}

interface WithdrawalRow {
  fromAccountType: string;
  toAccountType: string;
  fromUserId: string;
  toUserId: string;
  withdrawId: string;
  coin: string;
  status: string;
  amount: string;
  createTime: unknown;
  updateTime: unknown;
}

const WITHDRAWAL_COLUMNS = sql`from_user_id AS "fromUserId", to_user_id AS "toUserId", withdraw_id AS "withdrawId", coin, status,
  amount::text AS amount, create_time AS "createTime", update_time AS "updateTime",
  from_account_type AS "fromAccountType", to_account_type AS "toAccountType"`;

/**
 * A transfer as the upstream lists it; with every account type in one answer (`allAccountTypes`)
 * each record also says which pair it belongs to (the upstream's records do not).
 */
const withdrawalRecord = (r: WithdrawalRow, withTypes = false): WithdrawalRecord => ({
  ...(withTypes ? { fromAccountType: r.fromAccountType, toAccountType: r.toAccountType } : {}),
  fromUserId: r.fromUserId,
  toUserId: r.toUserId,
  withdrawId: r.withdrawId,
  coin: r.coin,
  status: r.status,
  amount: String(r.amount),
  createTime: toMs(r.createTime)!,
  updateTime: toMs(r.updateTime)!,
});

// ---------------------------------------------------------------------------------------------
// The table

/** Records one batch at a time (keyset paging): exports and the aggregates' records. */
export async function* archiveRecords<F, R, W>(read: ArchiveRead<F, R, W>, db: Db, filter: F, signal?: AbortSignal, now = Date.now()): AsyncGenerator<R[]> {
  let last: R | undefined;
  for (;;) {
    signal?.throwIfAborted();
    const batch = await rows<W>(
      db,
      sql`SELECT ${read.columns} FROM ${read.from(filter, now)} ${last !== undefined ? sql`AND ${read.after(last)}` : sql``}
          ORDER BY ${read.order} LIMIT ${BATCH_ROWS}`,
    );
    if (batch.length === 0) return;
    const records = batch.map((r) => read.record(r, filter));
    yield records;
    if (batch.length < BATCH_ROWS) return;
    last = records[records.length - 1];
  }
}

/** One page, as a list route answers it (total and pages known: the archive counts). */
export async function archivePage<F, R, W>(read: ArchiveRead<F, R, W>, db: Db, filter: F, page: number, pageSize: number, now = Date.now()): Promise<WeexPage<R>> {
  const from = read.from(filter, now);
  const [{ total }] = await rows<{ total: unknown }>(db, sql`SELECT count(*) AS total FROM ${from}`);
  const list = await rows<W>(db, sql`SELECT ${read.columns} FROM ${from} ORDER BY ${read.order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
  return pageWithCounts(list.map((r) => read.record(r, filter)), page, pageSize, Number(total));
}

export const ARCHIVE_READS = {
  /** One product's daily records (the caller reads SPOT's, then FUTURES'): newest day first, then sub-affiliate uid. */
  subAffiliates: {
    from: (f, now) => sql`archive_sub_affiliate_daily WHERE ${subAffiliateConds(f, now)}`,
    columns: sql`sub_affiliate_uid AS uid, product_type AS "productType", to_char(day, 'YYYY-MM-DD') AS date,
      trading_volume::text AS "tradingVolume", net_trading_fee::text AS "netTradingFee", paid_commission::text AS "paidCommission"`,
    order: sql`day DESC, sub_affiliate_uid COLLATE "C" ASC`,
    after: (r) => sql`(day < ${r.date}::date OR (day = ${r.date}::date AND sub_affiliate_uid COLLATE "C" > ${r.subAffiliateUid}))`,
    record: subAffiliateRecord,
  } satisfies ArchiveRead<SubAffiliateFilter, SubAffiliateRecord, SubAffiliateRow>,

  /** Invitees newest registration first, then uid descending. */
  invitees: {
    from: (f) => sql`archive_invitee WHERE ${inviteeConds(f)}`,
    columns: INVITEE_COLUMNS,
    order: sql`register_time DESC, uid COLLATE "C" DESC`,
    after: (r) => sql`(register_time, uid COLLATE "C") < (${r.registerTime}, ${r.uid})`,
    record: inviteeRecord,
  } satisfies ArchiveRead<InviteeFilter, InviteeRecord, InviteeRow>,

  /** Transfers newest first, then withdrawId descending (longer ids are larger numbers). */
  withdrawals: {
    from: (f) => sql`archive_transfer WHERE ${withdrawalConds(f)}`,
    columns: WITHDRAWAL_COLUMNS,
    order: sql`create_time DESC, length(withdraw_id) DESC, withdraw_id COLLATE "C" DESC`,
    after: (r) => sql`(create_time, length(withdraw_id), withdraw_id COLLATE "C") < (${r.createTime}, ${r.withdrawId.length}, ${r.withdrawId})`,
    record: (r, f) => withdrawalRecord(r, f.allAccountTypes),
  } satisfies ArchiveRead<ArchiveWithdrawalFilter, WithdrawalRecord, WithdrawalRow>,

  /** Commission records newest first (value-read.ts). */
  commissions: commissionArchiveRead,

  /** Per-invitee totals of the periods a range counts, newest period first (value-read.ts). */
  inviteeTotals: inviteeTotalsArchiveRead,
} satisfies Record<DatasetKey, unknown>;

/** A page in the list shape: its items with the counts the archive's total gives (pages, a next page). */
function pageWithCounts<T>(items: T[], page: number, pageSize: number, total: number): WeexPage<T> {
  const pages = Math.ceil(total / pageSize);
  return { items, page, pageSize, total, pages, hasNextPage: page < pages };
}

/**
 * One page cut from the concatenation of parts read in order (newest first, like the upstream's
 * pages): `read` gives a part's total and the items the page takes from it (at most `want`,
 * after skipping `skip` of its own).
 */
export async function pageAcrossParts<P, T>(
  parts: readonly P[],
  page: number,
  pageSize: number,
  read: (part: P, skip: number, want: number) => Promise<{ items: readonly T[]; total: number }>,
): Promise<WeexPage<T>> {
  const items: T[] = [];
  let skip = (page - 1) * pageSize;
  let total = 0;
  for (const p of parts) {
    const got = await read(p, skip, pageSize - items.length);
    total += got.total;
    items.push(...got.items);
    skip = Math.max(0, skip - got.total);
  }
  return pageWithCounts(items, page, pageSize, total);
}
