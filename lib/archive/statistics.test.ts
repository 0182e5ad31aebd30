// PGlite keeps no planner statistics unless asked (no autovacuum): the sync's ANALYZE of the
// archive tables that grew (statistics.ts), checked on the embedded database the dashboard runs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/connection";
import { testBackends } from "@/lib/db/test-support";
import { rows } from "./db";
import { ArchiveStatistics, CHECK_EVERY_MS, STATISTICS_TARGET, analyzeGrown, grownTables } from "./statistics";

describe("the embedded archive's statistics", () => {
  let database: Database;
  beforeAll(async () => {
    database = await testBackends()[0].open();
  }, 180_000);
  afterAll(async () => {
    await database?.close();
  });
  const db = () => database.db;

  /** Invitees uid `from`..`to` (~110 bytes a row: 64 pages are ~4,700 rows). */
  const addInvitees = (from: number, to: number) =>
    db().execute(sql`INSERT INTO archive_invitee (uid, register_time, kyc_result, invite_code, synced_at)
                     SELECT g::text, 1700000000000 + g, g % 3 = 0, 'CODE' || (g % 7), 1 FROM generate_series(${from}::integer, ${to}::integer) g`);
  const statsOf = async (table: string) =>
    Number((await rows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM pg_stats WHERE schemaname = current_schema() AND tablename = ${table}`))[0].n);

  it("analyzes a table once it is large enough, again only once it has grown by half, with a sample of 9,000 rows", async () => {
    expect(database.kind).toBe("embedded");
    await addInvitees(1, 1000);
    expect(await grownTables(db())).not.toContain("archive_invitee"); // (under 64 pages)
    await addInvitees(1001, 12_000);
    expect(await statsOf("archive_invitee")).toBe(0); // nothing analyzes it by itself
    expect(await analyzeGrown(db())).toContain("archive_invitee");
    expect(await statsOf("archive_invitee")).toBeGreaterThan(0);
    const [{ target }] = await rows<{ target: unknown }>(
      db(),
      sql`SELECT array_length(histogram_bounds::text::text[], 1) AS target FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'archive_invitee' AND attname = 'uid'`,
    );
    expect(Number(target)).toBe(STATISTICS_TARGET + 1); // (as many buckets as the target: one bound more)
    expect(await grownTables(db())).not.toContain("archive_invitee");
    await addInvitees(12_001, 15_000); // a quarter more
    expect(await grownTables(db())).not.toContain("archive_invitee");
    await addInvitees(15_001, 20_000); // two thirds more than at the ANALYZE
    expect(await grownTables(db())).toContain("archive_invitee");
  }, 60_000);

  it("checks in the background at most once a minute, after writes", async () => {
    let now = 1_000_000;
    const stats = new ArchiveStatistics(db(), { now: () => now });
    stats.poke();
    await stats.idle();
    expect(await grownTables(db())).toEqual([]);
    await addInvitees(20_001, 40_000);
    stats.poke(); // within the minute: no check
    await stats.idle();
    expect(await grownTables(db())).toContain("archive_invitee");
    now += CHECK_EVERY_MS;
    stats.poke();
    await stats.idle();
    expect(await grownTables(db())).toEqual([]);
  }, 60_000);
});
