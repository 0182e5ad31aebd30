import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@/lib/db/test-support";
import { WINDOWS } from "@/lib/weex/endpoints";
import { rows } from "./db";
import { ArchiveEngine } from "./engine";
import { ARCHIVE_READS, archiveRecords } from "./read";
import { selectedSources } from "./sources";
import { DATASETS, DEFAULT_SETTINGS } from "./settings";
import { LocalLock } from "./lock";
import { ArchiveScheduler } from "./scheduler";
import { coverageOf, datasetRow, pendingCursors, updateDataset } from "./store";
import {
  archiveDailySummary,
  canonical,
  upstreamDailySummary,
  upstreamInvitees,
  upstreamWithdrawals,
} from "./test-support";
import { frozenArchiveSuite } from "./test-suite";
import { buildSeries } from "@/lib/affiliate/series";
import { subAffiliatePages } from "@/lib/affiliate/pages";
import { liveSources } from "@/lib/affiliate/sources";
import { DAY_MS } from "@/lib/time/calendar";

// The sync engine in-process against the simulator over HTTP, into each test database.
// The clock is frozen (simulator, client and engine share it) so that "the upstream data" is
// one fixed thing to compare with; the simulator's weight limit is lifted because these tests
// are about the data (the budget tests use the real limit: scale-out.test.ts).

const T0 = Date.now();
const now = () => T0;
/** Every day the simulator holds, up to the frozen now (WEEX answers only a bounded window). */
const EVERY_DAY = { startTime: 0, endTime: T0 };

for (const backend of testBackends()) {
  describe(`archive sync on ${backend.name}`, () => {
    const suite = frozenArchiveSuite(now, () => backend.open());
    let engine: ArchiveEngine;

    beforeAll(async () => {
      // Commission records for four weeks and per-invitee totals per day for two (per week
      // before), not a year of days: what they store is checked against the simulator by the
      // HTTP tests (tests/http/invitee-value.test.ts); here every dataset's sync must finish,
      // and a year of daily slices would only add writing time to the unit suite.
      engine = new ArchiveEngine({ db: suite.database.db, lister: suite.client(), now, settings: { ...DEFAULT_SETTINGS, commissionDays: 28, movementDailyDays: 14 } });
    }, 180_000);
    const firstSubUid = async () =>
      (await rows<{ uid: string }>(suite.database.db, sql`SELECT min(sub_affiliate_uid) AS uid FROM archive_sub_affiliate_daily`))[0].uid;

    it("backfills every dataset to exactly the upstream's data", async () => {
      for (const ds of DATASETS) {
        const r = await engine.run(ds);
        expect(r.plan).toBe("backfill");
        expect(await pendingCursors(suite.database.db, ds)).toEqual([]);
      }

      // Sub-affiliate records: counts and exact sums per UTC day and product, all 365 days.
      const upstream = await upstreamDailySummary(suite.client(), EVERY_DAY);
      const archived = await archiveDailySummary(suite.database.db);
      expect(Object.keys(upstream).length).toBeGreaterThan(600);
      expect(archived).toEqual(upstream);

      // Invitees of the upstream's year and transfers of its month: the same records.
      const year = { startTime: T0 - WINDOWS.invitees.maxAgeMs + DEFAULT_SETTINGS.windowMarginMs, endTime: T0 };
      const liveInvitees = (await upstreamInvitees(suite.client(), year, T0)).map(canonical).sort();
      const archInvitees: string[] = [];
      for await (const b of archiveRecords(ARCHIVE_READS.invitees, suite.database.db, year)) archInvitees.push(...b.map(canonical));
      expect(liveInvitees.length).toBeGreaterThan(500);
      expect(archInvitees.sort()).toEqual(liveInvitees);

      const month = { startTime: T0 - WINDOWS.withdrawals.maxAgeMs + DEFAULT_SETTINGS.windowMarginMs, endTime: T0 };
      const liveTransfers = (await upstreamWithdrawals(suite.client(), month)).map(canonical).sort();
      const [{ n }] = await rows<{ n: unknown }>(suite.database.db, sql`SELECT count(*) AS n FROM archive_transfer`);
      expect(Number(n)).toBe(liveTransfers.length);
      const archTransfers: string[] = [];
      for (const [fromAccountType, toAccountType] of DEFAULT_SETTINGS.withdrawalAccountTypes) {
        for await (const b of archiveRecords(ARCHIVE_READS.withdrawals, suite.database.db, { ...month, fromAccountType, toAccountType })) archTransfers.push(...b.map(canonical));
      }
      expect(archTransfers.sort()).toEqual(liveTransfers);

      // Coverage: one interval per dataset, reaching to the run's start.
      expect((await coverageOf(suite.database.db, "subAffiliates")).map((i) => i.to)).toEqual([T0]);
      const row = await datasetRow(suite.database.db, "subAffiliates");
      expect(row).toMatchObject({ state: "idle", syncedAt: T0, lastSuccessAt: T0, lastError: null });
    }, 120_000); // five datasets' first backfill, on a loaded 2-core machine

    it("answers the series from SQL exactly as the live aggregation does", async () => {
      const range = { startTime: T0 - 364 * DAY_MS, endTime: T0 };
      for (const [granularity, tz] of [
        ["day", "UTC"],
        ["week", "America/New_York"],
        ["month", "Pacific/Kiritimati"],
      ] as const) {
        const live = await buildSeries(subAffiliatePages(suite.client(), range), granularity, tz);
        const sources = selectedSources("archive", { db: async () => suite.database.db, lister: suite.client(), live: liveSources(suite.client()), subAffiliateDays: 365, now });
        expect(await sources.series(range, granularity, tz)).toEqual(live);
        expect(sources.freshness()).toEqual({ source: "archive", syncedAt: T0 });
        // one sub-affiliate: from its own daily rows
        const subUid = await firstSubUid();
        const one = { ...range, subUid };
        expect(await sources.series(one, granularity, tz)).toEqual(await buildSeries(subAffiliatePages(suite.client(), one), granularity, tz));
      }
    });

    it("an incremental run re-reads only the days that can still change", async () => {
      const before = suite.sim.stats().requests;
      const r = await engine.run("subAffiliates");
      expect(r.plan).toBe("incremental");
      // yesterday and today, both products: one page each at this scale
      expect(suite.sim.stats().requests - before).toBe(2);
      expect(await archiveDailySummary(suite.database.db)).toEqual(await upstreamDailySummary(suite.client(), EVERY_DAY));
    });

    it("a run left open by a process that died after its last page is closed by the next runner", async () => {
      // (every cursor done, the run never marked finished: what a kill at that instant leaves)
      await updateDataset(suite.database.db, "invitees", { state: "running", lastSuccessAt: null }, T0);
      const scheduler = new ArchiveScheduler({ engine, lock: new LocalLock(), now });
      await scheduler.tick();
      await scheduler.idle();
      await scheduler.stop();
      expect(await datasetRow(suite.database.db, "invitees")).toMatchObject({ state: "idle", lastSuccessAt: T0 });
    });
  });
}
