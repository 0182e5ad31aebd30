import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { Dec, decimalText } from "@/lib/contract/decimal";
import type { ValueSort } from "@/lib/contract/params";
import { onEachTestDatabase } from "@/lib/db/test-support";
import type { CommissionRecord } from "@/lib/weex/records";
import { DATASET_DEFS } from "./datasets";
import { rows } from "./db";
import { selectedSources } from "./sources";
import { pick, sampleCommissionRecords, sampleInviteeTotals, seededRandom, rewriteCommissionRecords, WALK_ALWAYS, WALK_NEVER } from "./test-support";
import { inviteeValue } from "./value";
import { DAY_MS } from "@/lib/time/calendar";

// The value list's page found by walking the invitees' all-archive totals (migration 0180) is the
// page the one statement finds by summing every row: over many random ranges (cut at months,
// days, hours and milliseconds), sorts, pages and code filters. And the per-invitee totals and
// active days, and the per-period totals, stay equal to a recount from the raw rows through
// every kind of write the archive makes.

const SEP = Date.UTC(2026, 8, 1);
const NOW = Date.UTC(2026, 11, 20);
/** uids of two lengths (the list breaks ties by length, then by uid) */
const uidOf = (i: number) => (i % 4 === 0 ? String(4_200_000 + i) : String(4_300_000_000 + i));
const INVITEES = 300;
const NET = { uidOf, invitees: INVITEES, from: SEP };

/** 100 records from September to mid-December, the head of the list 8 invitees. */
const records = (p: number) => sampleCommissionRecords(1000 + p, NET, { count: 100, days: 105, heads: 8 });
/** A period's totals: a handful of invitees (a few with no record: 10 more than the records'). */
const totals = (seed: number) => sampleInviteeTotals(seed, { ...NET, invitees: INVITEES + 10 }, { min: 1, spread: 6 });


onEachTestDatabase("the value list's walk by bounds", (database) => {
  const db = () => database().db;
  const sources = () =>
    selectedSources("archive", { db: async () => db(), lister: { list: () => Promise.reject(new Error("no upstream in this test")) }, subAffiliateDays: 365, now: () => NOW });

  /** The page walked, and the page of the one statement. */
  async function both(q: Parameters<typeof inviteeValue>[1], paging: { page: number; pageSize: number }) {
    const walked = await inviteeValue(sources(), q, paging, undefined, WALK_ALWAYS);
    const summed = await inviteeValue(sources(), q, paging, undefined, WALK_NEVER);
    return { walked, summed };
  }

  it("fills the archive", async () => {
    for (let i = 0; i < INVITEES; i++) {
      // (every tenth invitee is not in the invitee archive: its code and registration are null)
      if (i % 10 === 9) continue;
      await db().execute(sql`INSERT INTO archive_invitee (uid, register_time, kyc_result, invite_code, synced_at) VALUES (${uidOf(i)}, ${SEP - DAY_MS + i * 1000}, true, ${pick(seededRandom(i + 1), ["SPRING", "KOL7", null])}, ${NOW})`);
    }
    for (let p = 0; p < 30; p++) await db().transaction((tx) => DATASET_DEFS.commissions.upsert(tx, records(p), { productType: "SPOT" }, NOW));
    // weeks before October, days after
    for (let w = 0; w < 4; w++) {
      const from = SEP + w * 7 * DAY_MS;
      await db().transaction((tx) => DATASET_DEFS.inviteeTotals.upsert(tx, totals(50 + w), {}, NOW, { from, to: from + 7 * DAY_MS - 1 }));
    }
    for (let d = 28; d < 106; d++) {
      const from = SEP + d * DAY_MS;
      await db().transaction((tx) => DATASET_DEFS.inviteeTotals.upsert(tx, totals(100 + d), {}, NOW, { from, to: from + DAY_MS - 1 }));
    }
    const [{ n }] = await rows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM archive_invitee_value_total`);
    expect(Number(n)).toBeGreaterThan(INVITEES * 0.9);
  }, 120_000);

  it("answers every page as the one statement does, over random ranges, sorts, pages and codes", async () => {
    const rnd = seededRandom(7);
    const instant = () => {
      const t = SEP - 5 * DAY_MS + Math.floor(rnd() * 120 * DAY_MS);
      const cut = rnd();
      // a month's start, a day's, an hour's, or any millisecond
      if (cut < 0.15) return Date.UTC(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth(), 1);
      if (cut < 0.4) return t - (t % DAY_MS);
      if (cut < 0.6) return t - (t % 3_600_000);
      return t;
    };
    const sorts: { sort: ValueSort; coin?: string }[] = [{ sort: "commission" }, { sort: "commission", coin: "BTC" }, { sort: "volume" }, { sort: "deposits" }];
    let compared = 0;
    for (let k = 0; k < 60; k++) {
      const [a, b0] = [instant(), instant()].sort((x, y) => x - y);
      let b = k % 10 === 0 ? a + Math.floor(rnd() * 3 * 3_600_000) : b0; // (every tenth within hours)
      if (rnd() < 0.3) b -= 1; // an end just before a boundary
      if (b < a) b = a;
      const q = { startTime: a, endTime: b, ...sorts[k % sorts.length], ...(k % 7 === 3 ? { inviteCode: pick(rnd, ["SPRING", "KOL7"]) } : {}) };
      const pageSize = pick(rnd, [3, 7, 20]);
      for (const page of [1, 1 + Math.floor(rnd() * 4)]) {
        const { walked, summed } = await both(q, { page, pageSize });
        expect(walked, JSON.stringify({ q, page, pageSize })).toEqual(summed);
        if (summed.items.length) compared++;
        if (q.inviteCode !== undefined) {
          // a code's page sums only the code's invitees: it is the unfiltered list's rows of that code
          const { inviteCode, ...all } = q;
          const everyone = await inviteeValue(sources(), all, "all");
          const mine = everyone.items.filter((i) => i.inviteCode === inviteCode);
          expect(summed.items, JSON.stringify({ q, page, pageSize })).toEqual(mine.slice((page - 1) * pageSize, page * pageSize));
          expect(summed.total).toBe(mine.length);
        }
      }
    }
    expect(compared, "pages with rows").toBeGreaterThan(60);
  }, 300_000);

  it("a stale bound (the per-day trigger dropped) changes the walked page: the walk is what answers", async () => {
    const q = { startTime: SEP, endTime: NOW, sort: "commission" as const };
    const { walked, summed } = await both(q, { page: 1, pageSize: 3 });
    expect(walked).toEqual(summed);
    await db().execute(sql`DROP TRIGGER archive_invitee_value_total_insert ON archive_commission_invitee_day`);
    try {
      // (an invitee with nothing held before: no bound at all, so never walked)
      const rich: CommissionRecord = { ...records(0)[0], uid: uidOf(905), sourceType: 1, coin: "USDT", commission: "100000", date: SEP + 40 * DAY_MS };
      await db().transaction((tx) => DATASET_DEFS.commissions.upsert(tx, [rich], { productType: "SPOT" }, NOW));
      const after = await both(q, { page: 1, pageSize: 3 });
      expect(after.summed.items[0].uid).toBe(uidOf(905));
      expect(after.walked).not.toEqual(after.summed);
    } finally {
      await db().execute(sql`CREATE TRIGGER archive_invitee_value_total_insert AFTER INSERT ON archive_commission_invitee_day
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_value_total_by_day()`);
      await db().execute(sql`SELECT archive_invitee_value_total_recount(ARRAY[${uidOf(905)}])`);
    }
    const mended = await both(q, { page: 1, pageSize: 3 });
    expect(mended.walked).toEqual(mended.summed);
  }, 120_000);
});

onEachTestDatabase("the per-invitee totals and the period totals", (database) => {
  const db = () => database().db;
  const norm = (list: { k: string; v: string }[]) =>
    Object.fromEntries(list.map((r) => [r.k, r.v.split("|").map((x) => (/^-?\d[\d.]*$/.test(x) ? decimalText(new Dec(x)) : x)).join("|")]));

  /** The tables as held, and as recounted from archive_commission and the movement rows. */
  async function expectRecounted(): Promise<void> {
    const held = await rows<{ k: string; v: string }>(
      db(),
      sql`SELECT uid AS k, usdt || '|' || btc || '|' || volume || '|' || deposits || '|' || coalesce(commission_days::text, '-') || '|' || coalesce(movement_days::text, '-') AS v
          FROM archive_invitee_value_total`,
    );
    const day = (ms: string) => sql.raw(`int4range(((${ms}) / 86400000)::integer, ((${ms}) / 86400000)::integer + 1)`);
    const raw = await rows<{ k: string; v: string }>(
      db(),
      sql`WITH c AS (SELECT uid, coalesce(sum(commission) FILTER (WHERE coin = 'USDT'), 0) AS usdt, coalesce(sum(commission) FILTER (WHERE coin = 'BTC'), 0) AS btc,
                            coalesce(sum(coalesce(taker_amount, 0) + coalesce(maker_amount, 0)), 0) AS volume, range_agg(${day("time - time % 86400000")}) AS days
                     FROM archive_commission WHERE source_type = 1 GROUP BY uid),
               m AS (SELECT r.uid, sum(coalesce(r.deposit_amount, 0)) AS deposits, range_agg(${day("(p.period_from + p.period_to) / 2")}) AS days
                     FROM archive_invitee_movement r JOIN archive_movement_period p USING (period_from) GROUP BY r.uid)
          SELECT coalesce(c.uid, m.uid) AS k,
                 coalesce(c.usdt, 0) || '|' || coalesce(c.btc, 0) || '|' || coalesce(c.volume, 0) || '|' || coalesce(m.deposits, 0) || '|'
                 || coalesce(c.days::text, '-') || '|' || coalesce(m.days::text, '-') AS v
          FROM c FULL JOIN m ON m.uid = c.uid`,
    );
    expect(norm(held)).toEqual(norm(raw));
    const heldPeriods = await rows<{ k: string; v: string }>(db(), sql`SELECT period_from::text AS k, deposit_amount || '|' || withdrawal_amount AS v FROM archive_movement_period_total`);
    const rawPeriods = await rows<{ k: string; v: string }>(
      db(),
      sql`SELECT period_from::text AS k, sum(coalesce(deposit_amount, 0)) || '|' || sum(coalesce(withdrawal_amount, 0)) AS v FROM archive_invitee_movement GROUP BY period_from`,
    );
    expect(norm(heldPeriods)).toEqual(norm(rawPeriods));
  }

  it("per-invitee totals equal a recount after inserts, re-syncs, moves, sweeps, deletes and a truncate", async () => {
    const write = (p: number, now = NOW) => db().transaction((tx) => DATASET_DEFS.commissions.upsert(tx, records(p), { productType: "SPOT" }, now));
    for (let p = 0; p < 5; p++) await write(p);
    await expectRecounted();
    await write(2, NOW + 1);
    await rewriteCommissionRecords(db(), uidOf(99));
    await expectRecounted();
    await db().transaction((tx) => DATASET_DEFS.commissions.sweep!(tx, { from: SEP + 30 * DAY_MS, to: SEP + 60 * DAY_MS }, { productType: "FUTURES" }, NOW + 1));
    await db().execute(sql`DELETE FROM archive_commission WHERE uid = ${uidOf(3)}`);
    await expectRecounted();

    const writeTotals = (range: { from: number; to: number }, seed: number, now: number) =>
      db().transaction((tx) => DATASET_DEFS.inviteeTotals.upsert(tx, totals(seed), {}, now, range));
    const week1 = { from: SEP + 26 * DAY_MS, to: SEP + 33 * DAY_MS - 1 };
    const week2 = { from: SEP + 29 * DAY_MS, to: SEP + 36 * DAY_MS - 1 };
    await writeTotals(week1, 1, NOW);
    for (let d = 40; d < 50; d++) await writeTotals({ from: SEP + d * DAY_MS, to: SEP + (d + 1) * DAY_MS - 1 }, d, NOW);
    await expectRecounted();
    // today's period read again and again, its end moving on; a week replacing an overlapping one
    const today = SEP + 50 * DAY_MS;
    await writeTotals({ from: today, to: today + 3_600_000 }, 20, today + 3_600_000);
    await writeTotals({ from: today, to: today + 7_200_000 }, 21, today + 7_200_000);
    await writeTotals(week2, 3, NOW + 1);
    await expectRecounted();
    // a period whose end moves its midpoint to another day, a sweep, deletes
    await db().execute(sql`UPDATE archive_movement_period SET period_to = period_to - 3 * ${DAY_MS}::bigint WHERE period_from = ${week2.from}`);
    await expectRecounted();
    await db().transaction((tx) => DATASET_DEFS.inviteeTotals.sweep!(tx, { from: today, to: today + 7_200_000 }, {}, today + 7_200_001));
    await db().execute(sql`DELETE FROM archive_invitee_movement WHERE uid = ${uidOf(4)}`);
    await db().execute(sql`DELETE FROM archive_movement_period WHERE period_from = ${SEP + 41 * DAY_MS}`);
    await expectRecounted();
    await db().execute(sql`TRUNCATE archive_commission`);
    await expectRecounted();
    await db().execute(sql`TRUNCATE archive_invitee_movement`);
    await expectRecounted();
    const [{ left }] = await rows<{ left: unknown }>(db(), sql`SELECT count(*) AS left FROM archive_invitee_value_total`);
    expect(Number(left)).toBe(0);
  }, 120_000);
});
