/**
 * Reading the archive: the same records, lists and aggregates the live upstream gives, from
 * SQL. Filters mean what they mean upstream (sub-affiliate ranges by UTC date, invitees by
 * registration time, transfers by creation time) and records come back in the upstream's
 * order, with the interface's field names, ids and decimals as exact strings.
 *
 * Sums are computed in SQL `numeric` (exact) and handed to the same aggregate code as live
 * records (sources.ts), so archive and live answers are equal to the character.
 */
import { sql, type SQL } from "drizzle-orm";
import type { InviteeFilter, SubAffiliateFilter, WithdrawalFilter } from "@/lib/affiliate/pages";
import type { InviteeRecord, ListPage, SubAffiliateRecord, WithdrawalRecord } from "@/lib/weex/endpoints";
import { rows, toMs, type Db } from "./db";

/** Rows per batch when streaming records out (export, aggregates in JS). */
export const BATCH_ROWS = 2000;

const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** SQL conditions joined with AND (TRUE when none). */
function where(conds: (SQL | undefined)[]): SQL {
  const list = conds.filter((c): c is SQL => c !== undefined);
  return list.length ? sql.join(list, sql` AND `) : sql`TRUE`;
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
 * Daily records in the upstream's order: SPOT's then FUTURES' (as the live "both" walk),
 * each newest day first, then sub-affiliate uid. Keyset paging, one batch at a time.
 */
export async function* archiveSubAffiliateRecords(db: Db, filter: SubAffiliateFilter, signal?: AbortSignal, now = Date.now()): AsyncGenerator<SubAffiliateRecord[]> {
  const products = filter.productType ? [filter.productType] : (["SPOT", "FUTURES"] as const);
  for (const productType of products) {
    const conds = subAffiliateConds({ ...filter, productType }, now);
    let after: { day: string; uid: string } | undefined;
    for (;;) {
      signal?.throwIfAborted();
      const batch = await rows<SubAffiliateRow>(
        db,
        sql`SELECT sub_affiliate_uid AS uid, product_type AS "productType", to_char(day, 'YYYY-MM-DD') AS date,
                   trading_volume::text AS "tradingVolume", net_trading_fee::text AS "netTradingFee", paid_commission::text AS "paidCommission"
            FROM archive_sub_affiliate_daily
            WHERE ${conds} ${after ? sql`AND (day < ${after.day}::date OR (day = ${after.day}::date AND sub_affiliate_uid COLLATE "C" > ${after.uid}))` : sql``}
            ORDER BY day DESC, sub_affiliate_uid COLLATE "C" ASC
            LIMIT ${BATCH_ROWS}`,
      );
      if (batch.length === 0) break;
      yield batch.map(subAffiliateRecord);
      if (batch.length < BATCH_ROWS) break;
      const last = batch[batch.length - 1];
      after = { day: last.date, uid: last.uid };
    }
  }
}

/** One page of sub-affiliate records, as the list route answers it. */
export async function archiveSubAffiliatePage(db: Db, filter: SubAffiliateFilter & { productType: string }, page: number, pageSize: number, now = Date.now()): Promise<ListPage<SubAffiliateRecord>> {
  const conds = subAffiliateConds(filter, now);
  const [{ total }] = await rows<{ total: unknown }>(db, sql`SELECT count(*) AS total FROM archive_sub_affiliate_daily WHERE ${conds}`);
  const list = await rows<SubAffiliateRow>(
    db,
    sql`SELECT sub_affiliate_uid AS uid, product_type AS "productType", to_char(day, 'YYYY-MM-DD') AS date,
               trading_volume::text AS "tradingVolume", net_trading_fee::text AS "netTradingFee", paid_commission::text AS "paidCommission"
        FROM archive_sub_affiliate_daily WHERE ${conds}
        ORDER BY day DESC, sub_affiliate_uid COLLATE "C" ASC
        LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  return listPage(list.map(subAffiliateRecord), page, pageSize, Number(total));
}

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
            FROM ${filter.subUid ? sql`archive_sub_affiliate_daily` : sql`archive_sub_affiliate_day_total`} WHERE ${conds}`;
  return (await rows<SubAffiliateRow>(db, query)).map(subAffiliateRecord);
}

// ---------------------------------------------------------------------------------------------
// Invitees

export function inviteeConds(f: InviteeFilter): SQL {
  return where([
    f.uid ? sql`uid = ${f.uid}` : undefined,
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

/** Invitees newest registration first, then uid descending (the upstream's order). */
export async function* archiveInviteeRecords(db: Db, filter: InviteeFilter, signal?: AbortSignal): AsyncGenerator<InviteeRecord[]> {
  let after: { t: number; uid: string } | undefined;
  for (;;) {
    signal?.throwIfAborted();
    const batch = await rows<InviteeRow>(
      db,
      sql`SELECT ${INVITEE_COLUMNS} FROM archive_invitee
          WHERE ${inviteeConds(filter)} ${after ? sql`AND (register_time, uid COLLATE "C") < (${after.t}, ${after.uid})` : sql``}
          ORDER BY register_time DESC, uid COLLATE "C" DESC LIMIT ${BATCH_ROWS}`,
    );
    if (batch.length === 0) return;
    const records = batch.map(inviteeRecord);
    yield records;
    if (batch.length < BATCH_ROWS) return;
    const last = records[records.length - 1];
    after = { t: last.registerTime, uid: last.uid };
  }
}

export async function archiveInviteePage(db: Db, filter: InviteeFilter, page: number, pageSize: number): Promise<ListPage<InviteeRecord>> {
  const conds = inviteeConds(filter);
  const [{ total }] = await rows<{ total: unknown }>(db, sql`SELECT count(*) AS total FROM archive_invitee WHERE ${conds}`);
  const list = await rows<InviteeRow>(
    db,
    sql`SELECT ${INVITEE_COLUMNS} FROM archive_invitee WHERE ${conds}
        ORDER BY register_time DESC, uid COLLATE "C" DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  return listPage(list.map(inviteeRecord), page, pageSize, Number(total));
}

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
    f.withdrawID ? sql`withdraw_id = ${f.withdrawID}` : undefined,
    f.coin ? sql`coin = ${f.coin.toUpperCase()}` : undefined,
    f.startTime !== undefined ? sql`create_time >= ${f.startTime}` : undefined,
    f.endTime !== undefined ? sql`create_time <= ${f.endTime}` : undefined,
    f.allAccountTypes ? undefined : sql`from_account_type = ${f.fromAccountType ?? "SPOT"} AND to_account_type = ${f.toAccountType ?? "SPOT"}`,
  ]);
}

interface WithdrawalRow {
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
const withdrawalRecord = (r: WithdrawalRow & { fromAccountType: string; toAccountType: string }, withTypes = false): WithdrawalRecord => ({
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

/** Transfers newest first, then withdrawId descending (the upstream's order). */
export async function* archiveWithdrawalRecords(db: Db, filter: ArchiveWithdrawalFilter, signal?: AbortSignal): AsyncGenerator<WithdrawalRecord[]> {
  let after: { t: number; id: string } | undefined;
  for (;;) {
    signal?.throwIfAborted();
    const batch = await rows<WithdrawalRow & { fromAccountType: string; toAccountType: string }>(
      db,
      sql`SELECT ${WITHDRAWAL_COLUMNS} FROM archive_transfer
          WHERE ${withdrawalConds(filter)} ${after ? sql`AND (create_time, length(withdraw_id), withdraw_id COLLATE "C") < (${after.t}, ${after.id.length}, ${after.id})` : sql``}
          ORDER BY create_time DESC, length(withdraw_id) DESC, withdraw_id COLLATE "C" DESC LIMIT ${BATCH_ROWS}`,
    );
    if (batch.length === 0) return;
    const records = batch.map((r) => withdrawalRecord(r, filter.allAccountTypes));
    yield records;
    if (batch.length < BATCH_ROWS) return;
    const last = records[records.length - 1];
    after = { t: last.createTime, id: last.withdrawId };
  }
}

export async function archiveWithdrawalPage(db: Db, filter: ArchiveWithdrawalFilter, page: number, pageSize: number): Promise<ListPage<WithdrawalRecord>> {
  const conds = withdrawalConds(filter);
  const [{ total }] = await rows<{ total: unknown }>(db, sql`SELECT count(*) AS total FROM archive_transfer WHERE ${conds}`);
  const list = await rows<WithdrawalRow & { fromAccountType: string; toAccountType: string }>(
    db,
    sql`SELECT ${WITHDRAWAL_COLUMNS} FROM archive_transfer WHERE ${conds}
        ORDER BY create_time DESC, length(withdraw_id) DESC, withdraw_id COLLATE "C" DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  return listPage(list.map((r) => withdrawalRecord(r, filter.allAccountTypes)), page, pageSize, Number(total));
}

export function listPage<T>(items: T[], page: number, pageSize: number, total: number): ListPage<T> {
  const pages = Math.ceil(total / pageSize);
  return { items, page, pageSize, total, pages, hasNextPage: page < pages };
}
