/**
 * The archived datasets: which endpoint each reads, the request variants one time range needs
 * (both product types; each transfer account-type pair), and how a page of records becomes
 * rows, upserted on the natural key. The value datasets add commission records and per-invitee totals
 * (value-datasets.ts).
 */
import { and, between, eq, lt, sql, type SQL } from "drizzle-orm";
import { archiveInvitee, archiveSubAffiliateDaily, archiveTransfer } from "@/lib/db/schema/archive";
import type { InviteeRecord, SubAffiliateRecord, WithdrawalRecord } from "@/lib/weex/records";
import type { Tx } from "./db";
import { fromEndpoint, fromExcluded, PER_PRODUCT_TYPE, type DatasetDef } from "./kernel";
import type { DatasetKey } from "./settings";
import { commissions, inviteeTotals } from "./value-datasets";
import { utcDate, utcDayStart } from "@/lib/time/calendar";

/** Last occurrence wins: one page listing a key twice must not make the upsert fail. */
function uniqueBy<T>(items: T[], key: (t: T) => string): T[] {
  return [...new Map(items.map((i) => [key(i), i])).values()];
}


const subAffiliates: DatasetDef = {
  ...fromEndpoint("subAffiliates"),
  ...PER_PRODUCT_TYPE,
  async upsert(tx, items, _v, now) {
    const records = uniqueBy(items as SubAffiliateRecord[], (r) => `${r.subAffiliateUid}|${r.productType}|${r.date}`);
    if (records.length === 0) return 0;
    await tx
      .insert(archiveSubAffiliateDaily)
      .values(
        records.map((r) => ({
          subAffiliateUid: r.subAffiliateUid,
          productType: r.productType,
          day: r.date,
          tradingVolume: r.tradingVolume,
          netTradingFee: r.netTradingFee,
          paidCommission: r.paidCommission,
          syncedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [archiveSubAffiliateDaily.subAffiliateUid, archiveSubAffiliateDaily.productType, archiveSubAffiliateDaily.day],
        set: fromExcluded(archiveSubAffiliateDaily, ["tradingVolume", "netTradingFee", "paidCommission", "syncedAt"]),
      });
    await refreshDayTotals(tx, sql`(product_type, day) IN (SELECT * FROM unnest(${sqlArray(records.map((r) => r.productType))}::text[], ${sqlArray(records.map((r) => r.date))}::date[]))`);
    return records.length;
  },
  async sweep(tx, range, v, since) {
    const days = sql`product_type = ${v.productType} AND day BETWEEN ${utcDate(utcDayStart(range.from))}::date AND ${utcDate(range.to)}::date`;
    await tx
      .delete(archiveSubAffiliateDaily)
      .where(
        and(
          eq(archiveSubAffiliateDaily.productType, v.productType),
          between(archiveSubAffiliateDaily.day, utcDate(utcDayStart(range.from)), utcDate(range.to)),
          lt(archiveSubAffiliateDaily.syncedAt, since),
        ),
      );
    await tx.execute(sql`DELETE FROM archive_sub_affiliate_day_total WHERE ${days}`);
    await refreshDayTotals(tx, days);
  },
};

/** Recompute the per-day totals of the (product, day) pairs `which` selects, from the daily rows. */
async function refreshDayTotals(tx: Tx, which: SQL): Promise<void> {
  await tx.execute(sql`
    INSERT INTO archive_sub_affiliate_day_total (product_type, day, records, trading_volume, net_trading_fee, paid_commission)
    SELECT product_type, day, count(*), sum(trading_volume), sum(net_trading_fee), sum(paid_commission)
    FROM archive_sub_affiliate_daily WHERE ${which}
    GROUP BY product_type, day
    ON CONFLICT (product_type, day) DO UPDATE SET
      records = excluded.records, trading_volume = excluded.trading_volume,
      net_trading_fee = excluded.net_trading_fee, paid_commission = excluded.paid_commission`);
}

/** A text array parameter (`{a,b}` literal), for unnest(). */
function sqlArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}

const invitees: DatasetDef = {
  ...fromEndpoint("invitees"),
  variants: () => [{}],
  params: (range) => ({ startTime: range.from, endTime: range.to }),
  async upsert(tx, items, _v, now) {
    const records = uniqueBy(items as InviteeRecord[], (r) => r.uid);
    if (records.length === 0) return 0;
    await tx
      .insert(archiveInvitee)
      .values(
        records.map((r) => ({
          uid: r.uid,
          registerTime: r.registerTime,
          kycResult: r.kycResult,
          inviteCode: r.inviteCode ?? null,
          firstDeposit: r.firstDeposit,
          firstTrade: r.firstTrade,
          lastDeposit: r.lastDeposit,
          lastTrade: r.lastTrade,
          syncedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: archiveInvitee.uid,
        set: fromExcluded(archiveInvitee, ["registerTime", "kycResult", "inviteCode", "firstDeposit", "firstTrade", "lastDeposit", "lastTrade", "syncedAt"]),
      });
    return records.length;
  },
  async sweep(tx, range, _v, since) {
    await tx
      .delete(archiveInvitee)
      .where(and(between(archiveInvitee.registerTime, range.from, range.to), lt(archiveInvitee.syncedAt, since)));
  },
};

const withdrawals: DatasetDef = {
  ...fromEndpoint("withdrawals"),
  variants: (settings) => settings.withdrawalAccountTypes.map(([fromAccountType, toAccountType]) => ({ fromAccountType, toAccountType })),
  params: (range, v) => ({ startTime: range.from, endTime: range.to, fromAccountType: v.fromAccountType, toAccountType: v.toAccountType }),
  async upsert(tx, items, v, now) {
    const records = uniqueBy(items as WithdrawalRecord[], (r) => r.withdrawId);
    if (records.length === 0) return 0;
    await tx
      .insert(archiveTransfer)
      .values(
        records.map((r) => ({
          withdrawId: r.withdrawId,
          fromUserId: r.fromUserId,
          toUserId: r.toUserId,
          coin: r.coin,
          status: r.status,
          amount: r.amount,
          createTime: r.createTime,
          updateTime: r.updateTime,
          fromAccountType: v.fromAccountType,
          toAccountType: v.toAccountType,
          syncedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: archiveTransfer.withdrawId,
        set: fromExcluded(archiveTransfer, [
          "fromUserId",
          "toUserId",
          "coin",
          "status",
          "amount",
          "createTime",
          "updateTime",
          "fromAccountType",
          "toAccountType",
          "syncedAt",
        ]),
      });
    return records.length;
  },
  async sweep(tx, range, v, since) {
    await tx
      .delete(archiveTransfer)
      .where(
        and(
          between(archiveTransfer.createTime, range.from, range.to),
          eq(archiveTransfer.fromAccountType, v.fromAccountType),
          eq(archiveTransfer.toAccountType, v.toAccountType),
          lt(archiveTransfer.syncedAt, since),
        ),
      );
  },
};

export const DATASET_DEFS: Record<DatasetKey, DatasetDef> = { subAffiliates, invitees, withdrawals, commissions, inviteeTotals };
