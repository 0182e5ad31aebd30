import { sql } from "drizzle-orm";
import { Pool } from "pg";
import { expect, it } from "vitest";
import { onEachTestDatabase } from "@/lib/db/test-support";

import { DATASET_DEFS } from "./datasets";
import { rows } from "./db";
import { selectedSources } from "./sources";
import { pick, sampleCommissionRecords, sampleInviteeTotals, seededRandom } from "./test-support";
import { EMBEDDED_CURSOR_SETTINGS, EXPORT_BATCH, cursorBatches, inviteeValueBatches } from "./value-export";
import { inviteeValue, type ValueQuery } from "./value";
import { DAY_MS } from "@/lib/time/calendar";

// The value list's export reads the list's one statement through a cursor, a batch at a time:
// its rows are the pages' rows in the pages' order, no batch is larger than EXPORT_BATCH, and the
// cursor is closed when the file is done or its reader goes away.

const SEP = Date.UTC(2026, 8, 1);
const NOW = Date.UTC(2026, 11, 20);
const uidOf = (i: number) => (i % 4 === 0 ? String(4_200_000 + i) : String(4_300_000_000 + i));
const INVITEES = 300;
const NET = { uidOf, invitees: INVITEES, from: SEP };

onEachTestDatabase("the value list's export", (database) => {
  const db = () => database().db;
  const sources = () =>
    selectedSources("archive", { db: async () => db(), lister: { list: () => Promise.reject(new Error("no upstream in this test")) }, subAffiliateDays: 365, now: () => NOW });
  /**
   * The export cursors open: PGlite's one session's; on PostgreSQL (a cursor is its connection's)
   * the pool's connections lent out, each export holding one for its cursor.
   */
  const openCursors = async () => {
    const pool = (db() as unknown as { $client: unknown }).$client;
    if (pool instanceof Pool) return pool.totalCount - pool.idleCount;
    return Number((await rows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM pg_cursors WHERE name LIKE 'export_%'`))[0].n);
  };

  it("fills the archive", async () => {
    for (let i = 0; i < INVITEES; i++) {
      if (i % 10 === 9) continue;
      await db().execute(sql`INSERT INTO archive_invitee (uid, register_time, kyc_result, invite_code, synced_at) VALUES (${uidOf(i)}, ${SEP - DAY_MS + i * 1000}, true, ${pick(seededRandom(i + 1), ["SPRING", "KOL7", null])}, ${NOW})`);
    }
    for (let p = 0; p < 20; p++) await db().transaction((tx) => DATASET_DEFS.commissions.upsert(tx, sampleCommissionRecords(1000 + p, NET, { count: 100, days: 105, heads: 8 }), { productType: "SPOT" }, NOW));
    for (let d = 0; d < 100; d += 3) {
      const from = SEP + d * DAY_MS;
      await db().transaction((tx) => DATASET_DEFS.inviteeTotals.upsert(tx, sampleInviteeTotals(100 + d, { ...NET, invitees: INVITEES + 10 }, { min: 1, spread: 6 }), {}, NOW, { from, to: from + DAY_MS - 1 }));
    }
  }, 120_000);

  it("holds the pages' rows in their order, for each sort and a code filter", async () => {
    const range = { startTime: SEP + 3 * DAY_MS + 5 * 3_600_000, endTime: SEP + 90 * DAY_MS - 1 };
    const cases: ValueQuery[] = [
      { ...range, sort: "commission" },
      { ...range, sort: "deposits" },
      { ...range, sort: "volume" },
      { ...range, sort: "commission", coin: "BTC", inviteCode: "SPRING" },
    ];
    for (const q of cases) {
      const pages = [];
      for (let page = 1; ; page++) {
        const p = await inviteeValue(sources(), q, { page, pageSize: 50 });
        pages.push(...p.items);
        if (!p.hasNextPage) break;
      }
      const exported = [];
      for await (const batch of inviteeValueBatches(sources(), q)) exported.push(...batch);
      expect(exported.length).toBeGreaterThan(q.inviteCode ? 50 : 200);
      expect(exported).toEqual(pages);
    }
    expect(await openCursors()).toBe(0);
  }, 120_000);

  it("reads a batch at a time and closes its cursor when the reader stops early", async () => {
    const statement = sql`SELECT g AS n FROM generate_series(1, 2500) g ORDER BY g`;
    const sizes: number[] = [];
    for await (const batch of cursorBatches<{ n: unknown }>(db(), statement, EXPORT_BATCH)) {
      sizes.push(batch.length);
      // while a batch is in hand the rest waits in the database, behind the export's cursor
      expect(await openCursors()).toBe(1);
    }
    expect(sizes).toEqual([1000, 1000, 500]);
    expect(await openCursors()).toBe(0);
    for await (const batch of cursorBatches<{ n: unknown }>(db(), statement, EXPORT_BATCH)) {
      expect(batch.map((r) => Number(r.n)).slice(0, 2)).toEqual([1, 2]);
      break; // the client went away
    }
    expect(await openCursors()).toBe(0);
  });

  it("runs the statement with the embedded database's memory settings, and leaves the session's own", async () => {
    // (on PGlite the statement's sorts take the server process's memory for good: bench/value-export.ts)
    const names = Object.keys(EMBEDDED_CURSOR_SETTINGS);
    const current = sql.join(
      names.map((n) => sql`current_setting(${n}) AS ${sql.identifier(n)}`),
      sql`, `,
    );
    const session = async () => (await rows<Record<string, string>>(db(), sql`SELECT ${current}`))[0];
    const before = await session();
    const seen: Record<string, string>[] = [];
    for await (const batch of cursorBatches<Record<string, string>>(db(), sql`SELECT ${current} FROM generate_series(1, 3)`, EXPORT_BATCH)) seen.push(...batch);
    const embedded = !((db() as unknown as { $client: unknown }).$client instanceof Pool);
    // (PostgreSQL's backend is a process of its own, which gives its memory back: its settings stay)
    expect(seen).toEqual(Array(3).fill(embedded ? EMBEDDED_CURSOR_SETTINGS : before));
    expect(before).not.toEqual(EMBEDDED_CURSOR_SETTINGS);
    expect(await session()).toEqual(before);
  });
});
