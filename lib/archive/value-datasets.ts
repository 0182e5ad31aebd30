/**
 * The sync side of the two value datasets (entries of `DATASET_DEFS`, datasets.ts):
 *
 * - **commission records** (getAffiliateCommission): every record of both product types and
 *   every coin, one row each. WEEX gives a record no id, so a row's key is the md5 of all its
 *   fields plus its place among identical records of its page: a page read twice (a resumed
 *   slice, an incremental run's overlap) writes nothing new, and two identical records in one
 *   page stay two rows. (Two identical records in different pages of one query would be one:
 *   nothing tells them apart.)
 * - **per-invitee totals** (getChannelUserTradeAndAsset): WEEX's sums per direct invitee over a
 *   window, so each slice is one period (a UTC day, or an older UTC week: plan.ts) and its rows
 *   are the period's; the period itself is a row too, with the end of the window read. Only the
 *   rows with a deposit or a withdrawal are kept (an unknown "--" one included): volumes and
 *   commission come from the records, exactly, and most rows (~70 % at the simulator's scale 1)
 *   are traders that moved no money that day. Writing a
 *   period drops any other period overlapping it (a slice whose start moved with WEEX's year),
 *   so no deposit is held twice.
 *
 * The summaries the answers read (per hour, per invitee and day, per invitee's first days) are
 * kept by the database's triggers in the statement that writes (migration 0150).
 */
import { createHash } from "node:crypto";
import { and, between, eq, lt, sql } from "drizzle-orm";
import { archiveCommission, archiveInviteeMovement, archiveMovementPeriod } from "@/lib/db/schema/archive";
import type { CommissionRecord, InviteeTotalsRecord } from "@/lib/weex/records";
import type { Tx } from "./db";
import type { Interval } from "./intervals";
import { fromEndpoint, fromExcluded, PER_PRODUCT_TYPE, type DatasetDef } from "./kernel";
import { DAY_MS, utcDayStart } from "@/lib/time/calendar";

/** The row key of each record: its fields' md5 and its place among identical records of the page. */
export function commissionKeys(records: readonly CommissionRecord[]): string[] {
  const seen = new Map<string, number>();
  return records.map((r) => {
    const fields = [r.uid, r.date, r.coin, r.productType, r.symbol, r.sourceType, r.fee, r.commission, r.rate, r.takerAmount, r.makerAmount];
    const hash = createHash("md5").update(JSON.stringify(fields)).digest("hex");
    const n = seen.get(hash) ?? 0;
    seen.set(hash, n + 1);
    return `${hash}:${n}`;
  });
}

export const commissions: DatasetDef = {
  ...fromEndpoint("commissions"),
  // one query per product type; every coin
  ...PER_PRODUCT_TYPE,
  async upsert(tx, items, _v, now) {
    const records = items as CommissionRecord[];
    if (records.length === 0) return 0;
    const keys = commissionKeys(records);
    await tx
      .insert(archiveCommission)
      .values(
        records.map((r, i) => ({
          key: keys[i],
          uid: r.uid,
          time: r.date,
          coin: r.coin,
          productType: r.productType,
          symbol: r.symbol,
          sourceType: r.sourceType,
          fee: r.fee,
          commission: r.commission,
          rate: r.rate,
          takerAmount: r.takerAmount,
          makerAmount: r.makerAmount,
          syncedAt: now,
        })),
      )
      // (the same record again: only its sync time moves, for the re-sync's sweep)
      .onConflictDoUpdate({ target: archiveCommission.key, set: { syncedAt: sql`excluded.synced_at` } });
    return records.length;
  },
  async sweep(tx, range, v, since) {
    await tx
      .delete(archiveCommission)
      .where(and(eq(archiveCommission.productType, v.productType), between(archiveCommission.time, range.from, range.to), lt(archiveCommission.syncedAt, since)));
  },
};

/** The kind of a period as read: a UTC day, or (several days) a week. */
export function periodKind(range: Interval): "day" | "week" {
  return utcDayStart(range.from) === utcDayStart(range.to) && range.to - range.from < DAY_MS ? "day" : "week";
}

export const inviteeTotals: DatasetDef = {
  ...fromEndpoint("inviteeTotals"),
  variants: () => [{}],
  params: (range) => ({ startTime: range.from, endTime: range.to }),
  async upsert(tx, items, _v, now, range) {
    if (!range) throw new Error("a page of per-invitee totals is written with the period it was read for");
    await holdPeriod(tx, range);
    const byUid = new Map((items as InviteeTotalsRecord[]).filter(movedMoney).map((r) => [r.uid, r]));
    if (byUid.size === 0) return 0;
    await tx
      .insert(archiveInviteeMovement)
      .values(
        [...byUid.values()].map((r) => ({
          periodFrom: range.from,
          uid: r.uid,
          depositAmount: r.depositAmount,
          withdrawalAmount: r.withdrawalAmount,
          spotTradingAmount: r.spotTradingAmount,
          futuresTradingAmount: r.futuresTradingAmount,
          commission: r.commission,
          syncedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [archiveInviteeMovement.periodFrom, archiveInviteeMovement.uid],
        set: fromExcluded(archiveInviteeMovement, ["depositAmount", "withdrawalAmount", "spotTradingAmount", "futuresTradingAmount", "commission", "syncedAt"]),
      });
    return byUid.size;
  },
  async sweep(tx, range, _v, since) {
    await tx.delete(archiveInviteeMovement).where(and(eq(archiveInviteeMovement.periodFrom, range.from), lt(archiveInviteeMovement.syncedAt, since)));
  },
};

/** A deposit or a withdrawal in the window (or one WEEX does not know). */
export function movedMoney(r: InviteeTotalsRecord): boolean {
  const some = (v: string | null) => v === null || !/^[+-]?0*(\.0*)?$/.test(v);
  return some(r.depositAmount) || some(r.withdrawalAmount);
}

/**
 * The period [range.from, range.to] as held (its end moves on while today is read again), and
 * no other period overlapping it: their rows would count the same deposits twice.
 */
async function holdPeriod(tx: Tx, range: Interval): Promise<void> {
  const others = sql`period_from <> ${range.from} AND period_from <= ${range.to} AND period_to >= ${range.from}`;
  await tx.execute(sql`DELETE FROM archive_invitee_movement WHERE period_from IN (SELECT period_from FROM archive_movement_period WHERE ${others})`);
  await tx.execute(sql`DELETE FROM archive_movement_period WHERE ${others}`);
  await tx
    .insert(archiveMovementPeriod)
    .values({ periodFrom: range.from, periodTo: range.to, kind: periodKind(range) })
    .onConflictDoUpdate({ target: archiveMovementPeriod.periodFrom, set: { periodTo: sql`excluded.period_to`, kind: sql`excluded.kind` } });
}
