import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@/lib/db/test-support";
import type { Database } from "@/lib/db";
import { startSimulator, type Simulator } from "@/lib/simulator";
import { WINDOWS } from "@/lib/weex/endpoints";
import { rows } from "./db";
import { ArchiveEngine } from "./engine";
import type { PageLister } from "@/lib/affiliate/pages";
import { DEFAULT_SETTINGS } from "./settings";
import { pendingCursors } from "./store";
import { frozenClient } from "./test-support";

// Transfers are answered for the past month only, so the backfill's slice starts just inside
// that window. When its pages wait long for weight (people using the budget), the window
// slides past the slice's start while it is being read. Here every page takes 4 minutes of
// the shared clock: the slice's four account-type pairs take longer than the 10-minute margin.
// Before each page the engine must move the start up (with the full margin again), or every
// later page is refused and every retry fails the same way: the transfers never sync.

const PAGE_MS = 4 * 60_000;

for (const backend of testBackends()) {
  describe(`a slice whose start leaves the upstream's window while it is read (${backend.name})`, () => {
    let t = Date.now();
    const now = () => t;
    let sim: Simulator;
    let database: Database;

    beforeAll(async () => {
      sim = await startSimulator({ port: 0, quiet: true, scale: 0.05, now, ipWeightPer10s: 1e9, uidWeightPer10s: 1e9 });
      database = await backend.open();
    }, 180_000);
    afterAll(async () => {
      await database?.close();
      await sim?.close();
    });

    it("moves the start up and finishes, asking only for what the upstream still serves", async () => {
      const client = frozenClient(sim, now);
      const starts: number[] = [];
      const slow: PageLister = {
        list: async (key, params, opts) => {
          const p = params as { startTime?: number };
          if (p.startTime !== undefined) starts.push(p.startTime - (t - WINDOWS.withdrawals.maxAgeMs));
          const page = await client.list(key, params, opts);
          t += PAGE_MS;
          return page;
        },
      };
      const engine = new ArchiveEngine({ db: database.db, lister: slow, now });
      const r = await engine.run("withdrawals");
      expect(r.plan).toBe("backfill");
      expect(await pendingCursors(database.db, "withdrawals")).toEqual([]);
      // every page asked for a start inside the window at the time it was sent
      expect(starts.length).toBeGreaterThanOrEqual(DEFAULT_SETTINGS.withdrawalAccountTypes.length);
      expect(Math.min(...starts)).toBeGreaterThan(0);
      const [{ n }] = await rows<{ n: unknown }>(database.db, sql`SELECT count(*) AS n FROM archive_transfer`);
      expect(Number(n)).toBeGreaterThan(0);
    });
  });
}
