import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveSources } from "@/lib/affiliate/sources";
import type { Database } from "@/lib/db";
import { testBackends } from "@/lib/db/test-support";
import { TtlCache } from "@/lib/cache/ttl-cache";
import type { Simulator } from "@/lib/simulator";

import { ArchiveEngine } from "./engine";
import { DEFAULT_SETTINGS, liveCacheMsFromEnv } from "./settings";
import { selectedSources, type LiveCache } from "./sources";
import { closeSimulated, frozenClient, simulatorAndDatabase } from "./test-support";
import { DAY_MS, utcDayStart } from "@/lib/time/calendar";

// The live part of `source=auto` answers (today's sub-affiliate records, invitees since the
// last sync) through the live cache: concurrent overview loads share one upstream walk, the
// next walk comes after the TTL, and the answers equal the uncached ones.

const T0 = Date.now();
const now = () => T0;
const TODAY = utcDayStart(T0);
const TTL_MS = 30_000;
// A short sub-affiliate history keeps the backfill (and the test) quick.
const SETTINGS = { ...DEFAULT_SETTINGS, subAffiliateDays: 40 };

describe("live cache of the archive sources", () => {
  let sim: Simulator;
  let database: Database;
  let clock = 0; // the cache's own clock: moved past the TTL by hand
  let cache: TtlCache<readonly unknown[]>;
  const client = () => frozenClient(sim, now);
  const sources = (liveCache?: LiveCache) =>
    selectedSources("auto", { db: async () => database.db, lister: client(), live: liveSources(client(), now), subAffiliateDays: SETTINGS.subAffiliateDays, now, liveCache });
  /** Upstream requests of one endpoint while `run` runs. */
  const requestsDuring = async <T,>(key: string, run: () => Promise<T>): Promise<{ result: T; requests: number }> => {
    const before = sim.stats().byEndpoint[key] ?? 0;
    const result = await run();
    return { result, requests: (sim.stats().byEndpoint[key] ?? 0) - before };
  };

  beforeAll(async () => {
    ({ sim, database } = await simulatorAndDatabase(now, () => testBackends()[0].open()));
    const engine = new ArchiveEngine({ db: database.db, lister: client(), now, settings: SETTINGS });
    await engine.run("subAffiliates");
    await engine.run("invitees");
    // The last invitee sync was three days ago: what happened since is only live.
    const cut = T0 - 3 * DAY_MS;
    await database.db.execute(sql`UPDATE archive_coverage SET to_ms = ${cut} WHERE dataset = 'invitees'`);
    await database.db.execute(sql`DELETE FROM archive_invitee WHERE register_time > ${cut}`);
    cache = new TtlCache<readonly unknown[]>(TTL_MS, 100, () => clock);
  }, 120_000);
  afterAll(() => closeSimulated(database, sim));

  it("concurrent series and leaderboards share one walk of today; after the TTL a new walk happens", async () => {
    const month = { startTime: TODAY - 29 * DAY_MS, endTime: T0 };
    const uncached = await requestsDuring("subAffiliates", () => sources().series(month, "day", "UTC"));
    expect(uncached.requests).toBeGreaterThanOrEqual(2); // today, SPOT and FUTURES

    const N = 20;
    const loads = Array.from({ length: N }, () => sources(cache));
    const shared = await requestsDuring("subAffiliates", () => Promise.all(loads.map((s) => s.series(month, "day", "UTC"))));
    expect(shared.requests).toBe(uncached.requests); // one walk for all twenty
    for (const series of shared.result) expect(series).toEqual(uncached.result);
    for (const s of loads) expect(s.freshness()).toEqual({ source: "mixed", syncedAt: T0 }); // still says today is live

    // The overview's leaderboards over the same range read the same live part.
    const boards = await requestsDuring("subAffiliates", () =>
      Promise.all([sources(cache).leaderboard(month, { by: "commission", limit: 10 }), sources(cache).leaderboard(month, { by: "volume", limit: 10 })]),
    );
    expect(boards.requests).toBe(0);
    expect(boards.result[1]).toEqual(await sources().leaderboard(month, { by: "volume", limit: 10 }));

    // Exports are not cached: a download reads today live again.
    const exported = await requestsDuring("subAffiliates", async () => {
      for await (const batch of sources(cache).subAffiliates.records(month)) void batch;
    });
    expect(exported.requests).toBe(uncached.requests);

    clock += TTL_MS - 1;
    expect((await requestsDuring("subAffiliates", () => sources(cache).series(month, "day", "UTC"))).requests).toBe(0);
    clock += 2; // past the TTL
    const again = await requestsDuring("subAffiliates", () => Promise.all(loads.slice(0, 5).map(() => sources(cache).series(month, "day", "UTC"))));
    expect(again.requests).toBe(uncached.requests);
    expect(again.result[0]).toEqual(uncached.result);
  });

  it("funnels ending now share one walk of the invitees since the last sync, each keeping its own range", async () => {
    const cohort = { startTime: T0 - 30 * DAY_MS, endTime: T0 };
    const uncached = await requestsDuring("invitees", () => sources().funnel(cohort));
    expect(uncached.requests).toBeGreaterThanOrEqual(1);
    expect(uncached.result.registered).toBeGreaterThan(0);

    const shared = await requestsDuring("invitees", () => Promise.all(Array.from({ length: 20 }, () => sources(cache).funnel(cohort))));
    expect(shared.requests).toBe(uncached.requests);
    for (const f of shared.result) expect(f).toEqual(uncached.result);

    // A load a little earlier ("now" seconds ago) reuses the walk and keeps only its range.
    const earlier = { startTime: cohort.startTime, endTime: T0 - 20 * 60_000 + 1 };
    const early = { startTime: cohort.startTime, endTime: T0 - 10_000 };
    const reuse = await requestsDuring("invitees", () => sources(cache).funnel(early));
    expect(reuse.requests).toBe(0);
    expect(reuse.result).toEqual(await sources().funnel(early));
    // An end well in the past is its own key.
    expect((await requestsDuring("invitees", () => sources(cache).funnel(earlier))).requests).toBeGreaterThanOrEqual(1);
  });

  it("list pages merged with the archive share one walk of their live part, across viewers and pages", async () => {
    clock += TTL_MS + 1;
    // Invitees: the three days since the last sync are live, the rest is archived.
    const invitees = (page: number) => ({ page, pageSize: 5 });
    const uncached = await requestsDuring("invitees", () => sources().list("invitees", invitees(1)));
    expect(uncached.requests).toBeGreaterThanOrEqual(1);
    expect(uncached.result.items).toHaveLength(5);
    const shared = await requestsDuring("invitees", () => Promise.all(Array.from({ length: 20 }, () => sources(cache).list("invitees", invitees(1)))));
    expect(shared.requests).toBe(uncached.requests); // one walk for twenty viewers
    for (const page of shared.result) expect(page).toEqual(uncached.result);
    // Paging on costs nothing upstream and shows what an uncached list shows.
    const next = await requestsDuring("invitees", () => Promise.all([2, 3].map((n) => sources(cache).list("invitees", invitees(n)))));
    expect(next.requests).toBe(0);
    expect(next.result).toEqual(await Promise.all([2, 3].map((n) => sources().list("invitees", invitees(n)))));

    // Sub-affiliate records: today is live.
    const futures = (page: number) => ({ productType: "FUTURES", startTime: TODAY - 29 * DAY_MS, endTime: T0, page, pageSize: 20 });
    const first = await requestsDuring("subAffiliates", () => sources(cache).list("subAffiliates", futures(1)));
    expect(first.requests).toBeGreaterThanOrEqual(1);
    const second = await requestsDuring("subAffiliates", () => sources(cache).list("subAffiliates", futures(2)));
    expect(second.requests).toBe(0);
    expect(second.result).toEqual(await sources().list("subAffiliates", futures(2)));

    // After the TTL the live part is read again.
    clock += TTL_MS + 1;
    expect((await requestsDuring("invitees", () => sources(cache).list("invitees", invitees(1)))).requests).toBe(uncached.requests);
  });

  it("a caller that gives up does not fail the others sharing its walk", async () => {
    clock += TTL_MS + 1;
    const month = { startTime: TODAY - 29 * DAY_MS, endTime: T0 };
    const leaving = new AbortController();
    const gone = sources(cache).series(month, "day", "UTC", leaving.signal);
    const staying = sources(cache).series(month, "day", "UTC");
    leaving.abort(new Error("left"));
    await expect(gone).rejects.toThrow("left");
    expect(await staying).toEqual(await sources().series(month, "day", "UTC"));
  });

  it("LIVE_CACHE_MS: default 30 s, 0 disables", () => {
    expect(liveCacheMsFromEnv({})).toBe(30_000);
    expect(liveCacheMsFromEnv({ LIVE_CACHE_MS: "0" })).toBe(0);
    expect(liveCacheMsFromEnv({ LIVE_CACHE_MS: "5000" })).toBe(5000);
    expect(liveCacheMsFromEnv({ LIVE_CACHE_MS: "soon" })).toBe(30_000);
  });
  it("records WEEX sent that cannot be used, met by a cached walk, are reported to every answer served from it", async () => {
    sim.setFaults({ endpoints: ["subAffiliates"], oddRecords: { at: 0 } });
    try {
      const shared = new TtlCache<readonly unknown[]>(TTL_MS, 100, () => clock);
      const month = { startTime: TODAY - 29 * DAY_MS, endTime: T0 };
      const first = sources(shared);
      await first.series(month, "day", "UTC");
      const second = sources(shared);
      const { requests } = await requestsDuring("subAffiliates", () => second.series(month, "day", "UTC"));
      expect(requests).toBe(0);
      expect(first.warnings().count).toBeGreaterThan(0);
      expect(second.warnings()).toEqual(first.warnings());
    } finally {
      sim.setFaults({});
    }
  });

  it("records outside the window asked for, met by a cached walk, are left out and reported to every answer served from it", async () => {
    const month = { startTime: TODAY - 29 * DAY_MS, endTime: T0 };
    const invitees = { page: 1, pageSize: 50 };
    const clean = { series: await sources().series(month, "day", "UTC"), list: await sources().list("invitees", invitees) };
    sim.setFaults({ outOfWindow: {} });
    try {
      const shared = new TtlCache<readonly unknown[]>(TTL_MS, 100, () => clock);
      // today's sub-affiliate walk (WEEX adds yesterday): walked once, reported to both answers
      const walked = sources(shared);
      expect(await walked.series(month, "day", "UTC")).toEqual(clean.series);
      const served = sources(shared);
      const series = await requestsDuring("subAffiliates", () => served.series(month, "day", "UTC"));
      expect(series.requests).toBe(0);
      expect(series.result).toEqual(clean.series);
      expect(walked.warnings().count).toBeGreaterThan(0);
      expect(served.warnings()).toEqual(walked.warnings());

      // the invitee list's live part (the three days since the last sync; WEEX adds the day before)
      const listed = sources(shared);
      expect(await listed.list("invitees", invitees)).toEqual(clean.list);
      const again = sources(shared);
      const page = await requestsDuring("invitees", () => again.list("invitees", invitees));
      expect(page.requests).toBe(0);
      expect(page.result).toEqual(clean.list);
      expect(listed.warnings().count).toBeGreaterThan(0);
      expect(again.warnings()).toEqual(listed.warnings());
    } finally {
      sim.setFaults({});
    }
  });
});
