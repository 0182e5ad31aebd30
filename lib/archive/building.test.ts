import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFunnel } from "@/lib/affiliate/funnel";
import { liveSources } from "@/lib/affiliate/sources";
import type { Database } from "@/lib/db";
import { testBackends } from "@/lib/db/test-support";
import { startSimulator, type Simulator } from "@/lib/simulator";

import { ArchiveEngine } from "./engine";
import { selectedSources } from "./sources";
import { frozenClient } from "./test-support";
import { DAY_MS, utcDayStart } from "@/lib/time/calendar";

// While a dataset's first backfill runs, `auto` aggregates answer from what
// the archive holds so far, at once and without an upstream call, and say what is still
// pending; lists stay as they were, and so does everything once the dataset has synced.

const T0 = Date.now();
const now = () => T0;
const TODAY = utcDayStart(T0);

for (const backend of testBackends()) {
  describe(`aggregates during the first backfill on ${backend.name}`, () => {
    let sim: Simulator;
    let database: Database;
    const client = () => frozenClient(sim, now);
    const sources = (syncing: boolean) => selectedSources("auto", { db: async () => database.db, lister: client(), subAffiliateDays: 365, syncing, now });
    const requests = () => sim.stats().requests;
    const setSynced = (syncedAt: number | null) => database.db.execute(sql`UPDATE archive_dataset SET synced_at = ${syncedAt}`);

    beforeAll(async () => {
      sim = await startSimulator({ port: 0, quiet: true, scale: 0.05, now, ipWeightPer10s: 1e9, uidWeightPer10s: 1e9 });
      database = await backend.open();
      const engine = new ArchiveEngine({ db: database.db, lister: client(), now });
      await engine.run("subAffiliates");
      await engine.run("invitees");
      // A backfill that has got as far as the newest 20 days (it fills newest first) and has
      // not completed a sync yet.
      const from = TODAY - 20 * DAY_MS;
      await database.db.execute(sql`UPDATE archive_coverage SET from_ms = ${from}`);
      await database.db.execute(sql`DELETE FROM archive_sub_affiliate_daily WHERE day < ${new Date(from).toISOString().slice(0, 10)}`);
      await database.db.execute(sql`DELETE FROM archive_invitee WHERE register_time < ${from}`);
      await setSynced(null);
    }, 180_000);
    afterAll(() => Promise.all([database?.close(), sim?.close()]));

    it("a series answers the days held, without asking WEEX, and names the older stretch still to come", async () => {
      const range = { startTime: TODAY - 59 * DAY_MS, endTime: TODAY - 1 };
      const s = sources(true);
      const before = requests();
      const series = await s.series(range, "day", "UTC");
      expect(requests()).toBe(before);
      const buckets = [...new Set(series.items.map((i) => i.bucket))];
      // the held whole days: the 20 before today
      expect(buckets).toHaveLength(20);
      expect(buckets[0]).toBe(new Date(TODAY - 20 * DAY_MS).toISOString().slice(0, 10));
      expect(s.freshness()).toEqual({ source: "archive", syncedAt: null, pending: [{ startTime: TODAY - 59 * DAY_MS, endTime: TODAY - 20 * DAY_MS - 1 }] });
      // the days it answers are exactly what live says for them
      const held = { startTime: TODAY - 20 * DAY_MS, endTime: TODAY - 1 };
      expect((await sources(false).series(held, "day", "UTC")).items).toEqual(series.items);
    });

    it("today, newer than anything held, is still asked live (it is short); nothing older is", async () => {
      const s = sources(true);
      const series = await s.series({ startTime: TODAY - 59 * DAY_MS, endTime: T0 }, "day", "UTC");
      expect(new Set(series.items.map((i) => i.bucket)).size).toBe(21);
      expect(series.items.at(-1)!.bucket).toBe(new Date(TODAY).toISOString().slice(0, 10));
      expect(s.freshness()).toEqual({ source: "mixed", syncedAt: null, pending: [{ startTime: TODAY - 59 * DAY_MS, endTime: TODAY - 20 * DAY_MS - 1 }] });
    });

    it("history older than the backfill's horizon is not coming from it: that stays live", async () => {
      const s = sources(true);
      const horizon = TODAY - 364 * DAY_MS;
      await s.series({ startTime: TODAY - 400 * DAY_MS, endTime: TODAY - 30 * DAY_MS }, "day", "UTC");
      expect(s.freshness()).toEqual({ source: "live", syncedAt: null, pending: [{ startTime: horizon, endTime: TODAY - 29 * DAY_MS - 1 }] });
    });

    it("so do the leaderboard and the funnel; a range held whole has nothing pending", async () => {
      const lb = sources(true);
      const before = requests();
      await lb.leaderboard({ startTime: TODAY - 59 * DAY_MS, endTime: TODAY - 1 }, { by: "volume", limit: 5 });
      expect(requests()).toBe(before);
      expect(lb.freshness().pending).toHaveLength(1);

      const held = { startTime: TODAY - 10 * DAY_MS, endTime: TODAY - 2 * DAY_MS };
      const f = sources(true);
      expect(await f.funnel(held)).toEqual(await buildFunnel(liveSources(client()).invitees.records(held), held));
      expect(f.freshness()).toEqual({ source: "archive", syncedAt: null, pending: [] });

      const older = sources(true);
      const b2 = requests();
      expect(await older.funnel({ startTime: T0 - 60 * DAY_MS, endTime: T0 - 30 * DAY_MS })).toEqual({ registered: 0, kycPassed: 0, firstDeposit: 0, firstTrade: 0 });
      expect(requests()).toBe(b2);
      expect(older.freshness().pending).toEqual([{ startTime: T0 - 60 * DAY_MS, endTime: T0 - 30 * DAY_MS }]);
    });

    it("lists still go live for the rest; without the sync, or once synced, aggregates are as before", async () => {
      const list = sources(true);
      await list.list("subAffiliates", { productType: "SPOT", startTime: TODAY - 59 * DAY_MS, endTime: T0, page: 1, pageSize: 10 });
      expect(list.freshness()).toEqual({ source: "mixed", syncedAt: null });

      const range = { startTime: TODAY - 59 * DAY_MS, endTime: T0 };
      const off = sources(false);
      await off.series(range, "day", "UTC");
      expect(off.freshness()).toEqual({ source: "mixed", syncedAt: null });

      await setSynced(T0);
      try {
        const synced = sources(true);
        const before = requests();
        const series = await synced.series(range, "day", "UTC");
        expect(requests()).toBeGreaterThan(before);
        expect(synced.freshness()).toEqual({ source: "mixed", syncedAt: T0 });
        expect(new Set(series.items.map((i) => i.bucket)).size).toBe(60);
      } finally {
        await setSynced(null);
      }
    });
  });
}
