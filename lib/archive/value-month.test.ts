import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { Dec, decimalText } from "@/lib/contract/decimal";
import { onEachTestDatabase } from "@/lib/db/test-support";
import type { CommissionRecord, InviteeTotalsRecord } from "@/lib/weex/records";
import { DATASET_DEFS } from "./datasets";
import { rows } from "./db";
import { numberedCommissionRecord, rewriteCommissionRecords } from "./test-support";
import { DAY_MS } from "@/lib/time/calendar";

// The per-invitee-month summaries the value list reads for whole UTC months (migration 0170)
// stay equal to a recount from the raw rows through every kind of write the archive makes:
// pages of records and of totals written by the sync's own upserts, re-syncs (records moved to
// another day, month or invitee; a period re-read with a later end, a period moved to another
// month), sweeps, periods replaced by overlapping ones, deletes and a truncate.

const NOV = Date.UTC(2026, 10, 1);
const OCT = Date.UTC(2026, 9, 1);
const SEP = Date.UTC(2026, 8, 1);
const uidOf = (i: number) => String(4_300_000_000 + i);

/** 100 records from late September to early November (crossing both month boundaries). */
function records(p: number): CommissionRecord[] {
  return Array.from({ length: 100 }, (_, k) => {
    const n = p * 100 + k;
    const at = { uid: uidOf(n % 13), date: SEP + 25 * DAY_MS + n * 6_000_000 + (n % 5 === 0 ? 6 * DAY_MS - 1 : 0), coin: n % 7 === 0 ? "BTC" : "USDT" };
    return numberedCommissionRecord(n, at, {
      commission: n % 17 === 0 ? null : `${(n % 89) + 1}.125`,
      takerAmount: n % 4 === 0 ? null : `${n % 1000}.5`,
      makerAmount: n % 6 === 0 ? `${n % 100}.25` : null,
    });
  });
}

function totals(seed: number, count: number): InviteeTotalsRecord[] {
  return Array.from({ length: count }, (_, k) => ({
    uid: uidOf((seed + k) % 13),
    depositAmount: k % 5 === 0 ? null : `${seed * 10 + k}.5`,
    withdrawalAmount: k % 3 === 0 ? "0" : `${k}.25`,
    spotTradingAmount: "1",
    futuresTradingAmount: "2",
    commission: "0.5",
  }));
}

onEachTestDatabase("the per-invitee-month summaries", (database) => {
  const db = () => database().db;
  const text = (list: { k: string; v: string }[]) => Object.fromEntries(list.map((r) => [r.k, r.v.split("|").map((x) => decimalText(new Dec(x))).join("|")]));

  /** The month summaries as held, and as recounted from archive_commission and the movement rows. */
  async function expectRecounted(): Promise<void> {
    const month = (col: string) => sql.raw(`utc_month_start(${col})`);
    const heldCommission = await rows<{ k: string; v: string }>(
      db(),
      sql`SELECT month || ' ' || uid || ' ' || coin AS k, records || '|' || commission || '|' || spot_volume || '|' || futures_volume AS v FROM archive_commission_invitee_month`,
    );
    const rawCommission = await rows<{ k: string; v: string }>(
      db(),
      sql`SELECT ${month("time")} || ' ' || uid || ' ' || coin AS k,
                 count(*) || '|' || coalesce(sum(commission), 0) || '|'
                 || coalesce(sum(coalesce(taker_amount, 0) + coalesce(maker_amount, 0)) FILTER (WHERE product_type = 'SPOT'), 0) || '|'
                 || coalesce(sum(coalesce(taker_amount, 0) + coalesce(maker_amount, 0)) FILTER (WHERE product_type = 'FUTURES'), 0) AS v
          FROM archive_commission WHERE source_type = 1 GROUP BY 1`,
    );
    expect(text(heldCommission)).toEqual(text(rawCommission));
    const heldMovements = await rows<{ k: string; v: string }>(db(), sql`SELECT month || ' ' || uid AS k, deposit_amount || '|' || withdrawal_amount AS v FROM archive_invitee_movement_month`);
    const rawMovements = await rows<{ k: string; v: string }>(
      db(),
      sql`SELECT ${month("(p.period_from + p.period_to) / 2")} || ' ' || m.uid AS k, sum(coalesce(m.deposit_amount, 0)) || '|' || sum(coalesce(m.withdrawal_amount, 0)) AS v
          FROM archive_movement_period p JOIN archive_invitee_movement m USING (period_from) GROUP BY 1`,
    );
    expect(text(heldMovements)).toEqual(text(rawMovements));
  }

  it("month boundaries are UTC's", async () => {
    const [r] = await rows<{ a: unknown; b: unknown; c: unknown }>(db(), sql`SELECT utc_month_start(${NOV - 1}) AS a, utc_month_start(${NOV}) AS b, utc_month_start(${Date.UTC(2024, 1, 29, 23, 59, 59, 999)}) AS c`);
    expect([Number(r.a), Number(r.b), Number(r.c)]).toEqual([OCT, NOV, Date.UTC(2024, 1, 1)]);
  });

  it("commission months equal a recount from the records after inserts, re-syncs, deletes and a truncate", async () => {
    const write = (p: number, now = NOV) => db().transaction((tx) => DATASET_DEFS.commissions.upsert(tx, records(p), { productType: "SPOT" }, now));
    for (let p = 0; p < 6; p++) await write(p);
    const [{ n }] = await rows<{ n: unknown }>(db(), sql`SELECT count(DISTINCT month) AS n FROM archive_commission_invitee_month`);
    expect(Number(n), "records in September, October and November").toBe(3);
    await expectRecounted();
    // the same pages again (a re-sync), then records moved across a month, to another invitee, to sub-agents
    await write(2, NOV + 1);
    await rewriteCommissionRecords(db(), uidOf(99));
    await expectRecounted();
    // a sweep of what a re-sync did not see again, and deletes
    await db().transaction((tx) => DATASET_DEFS.commissions.sweep!(tx, { from: OCT, to: NOV + 10 * DAY_MS }, { productType: "FUTURES" }, NOV + 1));
    await db().execute(sql`DELETE FROM archive_commission WHERE uid = ${uidOf(3)}`);
    await expectRecounted();
    await db().execute(sql`TRUNCATE archive_commission`);
    await expectRecounted();
    const [{ left }] = await rows<{ left: unknown }>(db(), sql`SELECT count(*) AS left FROM archive_commission_invitee_month`);
    expect(Number(left)).toBe(0);
  }, 120_000);

  it("deposit and withdrawal months equal a recount from the periods' rows after writes, re-reads, replaced and moved periods and deletes", async () => {
    const write = (range: { from: number; to: number }, list: InviteeTotalsRecord[], now: number) =>
      db().transaction((tx) => DATASET_DEFS.inviteeTotals.upsert(tx, list, {}, now, range));
    // weeks straddling the September/October boundary (midpoints on either side), days around November's
    const week1 = { from: SEP + 26 * DAY_MS, to: SEP + 33 * DAY_MS - 1 };
    const week2 = { from: SEP + 29 * DAY_MS, to: SEP + 36 * DAY_MS - 1 };
    await write(week1, totals(1, 9), NOV);
    await write({ from: SEP + 19 * DAY_MS, to: SEP + 26 * DAY_MS - 1 }, totals(2, 11), NOV);
    for (let d = -3; d < 3; d++) await write({ from: NOV + d * DAY_MS, to: NOV + (d + 1) * DAY_MS - 1 }, totals(10 + d, 7), NOV + 3 * DAY_MS);
    const [{ n }] = await rows<{ n: unknown }>(db(), sql`SELECT count(DISTINCT month) AS n FROM archive_invitee_movement_month`);
    expect(Number(n), "September, October and November").toBe(3);
    await expectRecounted();
    // today's period read again and again, its end moving on; a second page of it
    const today = NOV + 3 * DAY_MS;
    await write({ from: today, to: today + 3_600_000 }, totals(20, 5), today + 3_600_000);
    await write({ from: today, to: today + 7_200_000 }, totals(21, 6), today + 7_200_000);
    await write({ from: today, to: today + 7_200_000 }, totals(22, 4), today + 7_200_001);
    await expectRecounted();
    // a week that overlaps week1 replaces it (its rows are dropped), its midpoint in October
    await write(week2, totals(3, 8), NOV + 4 * DAY_MS);
    await expectRecounted();
    // a period whose end moves its midpoint into another month, a sweep, deletes
    await db().execute(sql`UPDATE archive_movement_period SET period_to = period_to - 6 * ${DAY_MS}::bigint WHERE period_from = ${week2.from}`);
    await expectRecounted();
    await db().transaction((tx) => DATASET_DEFS.inviteeTotals.sweep!(tx, { from: today, to: today + 7_200_000 }, {}, today + 7_200_001));
    await db().execute(sql`DELETE FROM archive_invitee_movement WHERE uid = ${uidOf(4)}`);
    await db().execute(sql`DELETE FROM archive_movement_period WHERE period_from = ${NOV - DAY_MS}`);
    await expectRecounted();
    await db().execute(sql`TRUNCATE archive_invitee_movement`);
    await expectRecounted();
  }, 120_000);
});
