import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { onEachTestDatabase } from "@/lib/db/test-support";
import type { CommissionRecord } from "@/lib/weex/records";
import { DATASET_DEFS } from "./datasets";
import { rows } from "./db";
import { numberedCommissionRecord } from "./test-support";
import { DAY_MS } from "@/lib/time/calendar";

// What one page of commission records costs the database as the archive grows (migrations 0150
// and 0160): the summaries' triggers recount only the hours, invitee-days and invitees the page
// touched, through the indexes, never by reading the whole of archive_commission. A scan of
// the whole table per page made the first backfill grow with the square of its records (at
// simulator scale 1 it had not finished after 26 minutes). The counters are the database's own
// for the page's transaction (pg_stat_xact_user_tables), so the test does not depend on the
// machine's speed. That the summaries stay equal to the records: value-sync.test.ts.

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const INVITEES = 200;
const uidOf = (i: number) => String(4_200_000_000 + i);

/** Page `p` of a made-up history: 100 records, each invitee trading now and then over 60 days. */
function page(p: number): CommissionRecord[] {
  return Array.from({ length: 100 }, (_, k) => {
    const n = p * 100 + k;
    const uid = n % 10 === 9 ? String(90_000_000_000 + (n % 7)) : uidOf((n * 7) % INVITEES);
    return numberedCommissionRecord(n, { uid, date: NOW - 60 * DAY_MS + n * 811_000, coin: n % 11 === 0 ? "BTC" : "USDT" });
  });
}

onEachTestDatabase("writing a page of commission records", (database) => {
  it("reads archive_commission through its indexes only once it holds thousands of records (statistics taken while it was small)", async () => {
    const { db } = database();
    await db.execute(
      sql`INSERT INTO archive_invitee (uid, register_time, kyc_result, invite_code, first_deposit, first_trade, last_deposit, last_trade, synced_at) VALUES ${sql.join(
        Array.from({ length: INVITEES }, (_, i) => sql`(${uidOf(i)}, ${NOW - 90 * DAY_MS + i * 3_600_000}, true, null, null, null, null, null, ${NOW})`),
        sql`, `,
      )}`,
    );
    const write = (p: number) => db.transaction((tx) => DATASET_DEFS.commissions.upsert(tx, page(p), { productType: "SPOT" }, NOW));
    // The first pages while the table is small and its statistics say so: a plan made now
    // (a sequential scan is the cheapest on a page or two) must not be kept for later pages.
    await write(0);
    await db.execute(sql`ANALYZE archive_commission`);
    for (let p = 1; p <= 6; p++) await write(p);
    for (let p = 7; p < 60; p++) await write(p);
    const [{ n }] = await rows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM archive_commission`);
    expect(Number(n)).toBe(6000);

    // (read before and after inside the transaction: a connection's counters may still hold
    // earlier transactions' scans, not yet handed to the statistics; this schema's table, not
    // another test's of the same name)
    const counters = (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) =>
      rows<{ seq: unknown; idx: unknown }>(tx, sql`SELECT seq_scan AS seq, idx_scan AS idx FROM pg_stat_xact_user_tables WHERE relid = 'archive_commission'::regclass`);
    const [before, after] = await db.transaction(async (tx) => {
      const b = await counters(tx);
      await DATASET_DEFS.commissions.upsert(tx, page(60), { productType: "SPOT" }, NOW);
      return [b, await counters(tx)];
    });
    const count = (list: typeof before, k: "seq" | "idx") => Number(list[0]?.[k] ?? 0);
    expect(count(after, "idx") - count(before, "idx"), "the page's hours, days and invitees are read by index").toBeGreaterThan(0);
    // (the summary tables are small here and may rightly be scanned whole; archive_commission holds 6,000 records)
    expect(count(after, "seq") - count(before, "seq"), "sequential scans of archive_commission in the page's transaction").toBe(0);
  }, 120_000);
});
