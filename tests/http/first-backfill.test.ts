/**
 * The first backfill over HTTP: on a fresh database with the archive sync on, the overview's
 * aggregates do not wait for WEEX while the first backfill runs. They answer from what the
 * archive holds so far (no live part), say which stretches are still pending, and fill in as
 * the backfill goes; once it is complete they answer as always. Its own simulator and server:
 * WEEX answers sub-affiliate pages slowly (a latency fault), so the backfill takes a while and
 * a live walk would be seen.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Simulator } from "../../lib/simulator";
import { api } from "./helpers";
import type { NextServer } from "./server";
import { startStack, stopStack, until } from "./stack";
import { DAY_MS } from "../../lib/time/calendar";

interface Pending {
  startTime: number | null;
  endTime: number;
}
interface Series {
  items: { bucket: string; productType: string }[];
  freshness: { source: string; syncedAt: number | null; pending?: Pending[] };
}
interface Build {
  building: boolean;
  percent: number;
  datasets: { dataset: string; building: boolean; heldFrom: number | null }[];
}

/** Each sub-affiliate page WEEX sends takes this long: the backfill's 30-day slices take a while each. */
const LATENCY_MS = 3_000;
/** The range asked: four of the backfill's slices, so part of it stays pending for a while. */
const DAYS = 120;

let sim: Simulator;
let server: NextServer;
let viewer: string;

beforeAll(async () => {
  ({ sim, server, sessions: [viewer] } = await startStack({
    scale: 0.05,
    unlimited: true,
    faults: { latencyMs: LATENCY_MS, endpoints: ["subAffiliates"] },
    env: { ARCHIVE_SYNC: "on", ARCHIVE_SYNC_INTERVAL_MS: "5000", ARCHIVE_SUB_AFFILIATE_DAYS: "150" },
    signIn: ["viewer"],
  }));
}, 180_000);

afterAll(() => stopStack({ server, sim }));

const get = async <T,>(path: string) => {
  const r = await api<T>(path, { cookie: viewer, base: server.url });
  expect(r.status, r.text).toBe(200);
  return r.json;
};
const subAffiliates = (s: Build) => s.datasets.find((d) => d.dataset === "subAffiliates")!;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe("the overview's aggregates during the first backfill", () => {
  it("answer at once from what is held, name what is pending, and fill in as the backfill goes", { timeout: 300_000 }, async () => {
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    // the DAYS - 1 days before today, and the same with today
    const past = `startTime=${today - (DAYS - 1) * DAY_MS}&endTime=${today - 1}&granularity=day`;
    const range = `startTime=${today - (DAYS - 1) * DAY_MS}&endTime=${today + DAY_MS - 1}&granularity=day`;

    // The backfill has stored its first slice (the newest 30 days) and goes on.
    const early = await until("the first slice", () => get<Build>("/api/archive/status"), (s) => subAffiliates(s).heldFrom !== null, 180_000);
    expect(subAffiliates(early).building).toBe(true);

    const t0 = Date.now();
    const partial = await get<Series>(`/api/affiliate/sub-affiliates/series?${past}`);
    const ms = Date.now() - t0;
    console.log(`[first-backfill] series of ${DAYS - 1} days during the backfill: ${ms} ms, pending ${JSON.stringify(partial.freshness.pending)}`);
    // from the archive alone: no live part, so no slow WEEX page was waited for
    expect(partial.freshness.source).toBe("archive");
    expect(partial.freshness.syncedAt).toBeNull();
    const pending = partial.freshness.pending!;
    expect(pending.length).toBeGreaterThan(0);
    // what is pending is the oldest days: the backfill fills newest first
    expect(pending).toHaveLength(1);
    expect(pending[0].startTime).toBe(today - (DAYS - 1) * DAY_MS);
    const buckets = [...new Set(partial.items.map((i) => i.bucket))];
    expect(buckets.length).toBeGreaterThan(0);
    expect(buckets.length).toBeLessThan(DAYS - 1);
    for (const p of pending) for (const b of buckets) expect(b < day(p.startTime!) || b > day(p.endTime)).toBe(true);

    const leaders = await get<{ freshness: Series["freshness"] }>(`/api/affiliate/sub-affiliates/leaderboard?startTime=${today - (DAYS - 1) * DAY_MS}&endTime=${today - 1}`);
    expect(leaders.freshness.source).toBe("archive");
    // (the backfill goes on meanwhile: what is pending may only shrink)
    expect(leaders.freshness.pending?.[0]?.startTime).toBe(today - (DAYS - 1) * DAY_MS);

    // Today, newer than anything held, is asked live as always (a short stretch); nothing older.
    const withToday = await get<Series>(`/api/affiliate/sub-affiliates/series?${range}`);
    expect(withToday.freshness.source).toBe("mixed");
    expect(withToday.freshness.pending?.[0]?.startTime).toBe(today - (DAYS - 1) * DAY_MS);
    expect(withToday.items.map((i) => i.bucket)).toContain(day(today));

    // WEEX answers at full speed again: the backfill completes, and the same request is whole.
    sim.setFaults({});
    await until("the backfill", () => get<Build>("/api/archive/status"), (s) => !subAffiliates(s).building, 240_000);
    const whole = await get<Series>(`/api/affiliate/sub-affiliates/series?${range}`);
    expect(whole.freshness.pending).toBeUndefined();
    expect(whole.freshness.source).toBe("mixed"); // today live, as always
    expect(whole.freshness.syncedAt).not.toBeNull();
    expect(new Set(whole.items.map((i) => i.bucket)).size).toBe(DAYS);
    // the days the partial answer had are the same in the whole one
    expect(whole.items.filter((i) => buckets.includes(i.bucket))).toEqual(partial.items);
  });
});
