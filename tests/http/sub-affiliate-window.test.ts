/**
 * Every querySubChannelTransactions call carries a bounded window: WEEX's production
 * service refuses one without `startTime` and `endTime`, and so does the harness's simulator.
 * A sub-affiliate read that names no range (list, export, series, leaderboard) is answered over
 * the window the dashboard chose — the last 30 days up to now, as whole UTC dates — and says
 * which: `window` in JSON, X-Data-Window-* headers and the file name on a download. What went
 * upstream is read back from the simulator (GET /__sim/recent: a POST with its body).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../lib/export/csv-reader.test-util";
import type { SimRecentRequest } from "../../lib/simulator";
import { ENDPOINTS } from "../../lib/weex/endpoints";
import { api as rawApi, baseUrl, login, simRecent, simStats, type ApiInit } from "./helpers";
import { patiently } from "./patient";
import { DAY_MS } from "../../lib/time/calendar";

interface ReadWindow {
  startTime: number;
  endTime: number;
  chosen: boolean;
}
interface SubRecord {
  subAffiliateUid: string;
  productType: string;
  date: string;
}

const api = <T>(path: string, init: ApiInit) => patiently(() => rawApi<T>(path, init));
const dayStart = (ms: number) => ms - (ms % DAY_MS);
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** How many requests GET /__sim/recent keeps (lib/simulator/server.ts). */
const RECENT_KEPT = 50;

let viewer: string;
beforeAll(async () => {
  viewer = await login("viewer");
});

/** The parameters of one upstream request as WEEX read them: a POST's JSON body, a GET's query. */
function paramsOf(r: SimRecentRequest): Record<string, unknown> {
  if (r.method === "POST") return JSON.parse(r.body ?? "{}") as Record<string, unknown>;
  return Object.fromEntries(new URLSearchParams(r.url.split("?")[1] ?? "").entries());
}

/**
 * Runs `read` and returns what it sent to querySubChannelTransactions: each call's parameters,
 * all of them (the read is the only traffic: the harness does not sync, files run one by one).
 */
async function upstreamCalls<T>(read: () => Promise<T>): Promise<{ result: T; calls: Record<string, unknown>[] }> {
  const before = (await simStats()).byEndpoint.subAffiliates ?? 0;
  const from = Date.now();
  const result = await read();
  const made = ((await simStats()).byEndpoint.subAffiliates ?? 0) - before;
  const seen = (await simRecent()).filter((r) => r.at >= from && r.url.split("?")[0] === ENDPOINTS.subAffiliates.path);
  expect(made).toBeGreaterThan(0);
  expect(made, "more calls than /__sim/recent keeps: make the read smaller").toBeLessThanOrEqual(RECENT_KEPT);
  expect(seen).toHaveLength(made);
  return { result, calls: seen.map(paramsOf) };
}

/** Every call named both bounds, inside the window's UTC dates. */
function expectBounded(calls: Record<string, unknown>[], w: ReadWindow) {
  for (const c of calls) {
    expect(typeof c.startTime, JSON.stringify(c)).toBe("number");
    expect(typeof c.endTime, JSON.stringify(c)).toBe("number");
    expect(c.startTime as number).toBeGreaterThanOrEqual(dayStart(w.startTime));
    expect(c.endTime as number).toBeGreaterThanOrEqual(c.startTime as number);
    expect(c.endTime as number).toBeLessThan(dayStart(w.endTime) + DAY_MS);
  }
}

/** The window the dashboard chose between `t0` and `t1`: 30 UTC dates, today's included, up to now. */
function expectChosen(w: ReadWindow, t0: number, t1: number) {
  expect(w.chosen).toBe(true);
  expect(w.endTime).toBeGreaterThanOrEqual(t0);
  expect(w.endTime).toBeLessThanOrEqual(t1);
  expect(w.startTime).toBe(dayStart(w.endTime) - 29 * DAY_MS);
}

const inWindow = (date: string, w: ReadWindow) => date >= utcDate(w.startTime) && date <= utcDate(w.endTime);

/** A sub-affiliate with SPOT records in the last days (a small export and series to check). */
async function someSubAffiliate(): Promise<string> {
  const r = await api<{ items: SubRecord[] }>(`/api/affiliate/sub-affiliates?productType=SPOT&startTime=${dayStart(Date.now()) - 2 * DAY_MS}&endTime=${Date.now()}&pageSize=5`, { cookie: viewer });
  expect(r.status, r.text).toBe(200);
  return r.json.items[0]!.subAffiliateUid;
}

describe("sub-affiliate reads without a range", () => {
  it("the list answers the last 30 days up to now, names that window, and sent WEEX both bounds", async () => {
    const t0 = Date.now();
    const { result: r, calls } = await upstreamCalls(() => api<{ items: SubRecord[]; window: ReadWindow }>(`/api/affiliate/sub-affiliates?productType=SPOT&pageSize=100`, { cookie: viewer }));
    expect(r.status, r.text).toBe(200);
    expectChosen(r.json.window, t0, Date.now());
    expect(r.json.items.length).toBeGreaterThan(0);
    for (const rec of r.json.items) expect(inWindow(rec.date, r.json.window), rec.date).toBe(true);
    expectBounded(calls, r.json.window);
  });

  it("the export covers the chosen window and says it in its headers and file name", async () => {
    const uid = await someSubAffiliate();
    const t0 = Date.now();
    const { result: res, calls } = await upstreamCalls(() => patiently(() => fetch(`${baseUrl()}/api/affiliate/sub-affiliates/export?productType=SPOT&subUid=${uid}`, { headers: { cookie: viewer } })));
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const w: ReadWindow = {
      startTime: Number(res.headers.get("x-data-window-start")),
      endTime: Number(res.headers.get("x-data-window-end")),
      chosen: res.headers.get("x-data-window-chosen") === "true",
    };
    expectChosen(w, t0, Date.now());
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="sub-affiliates_SPOT_${utcDate(w.startTime)}_${utcDate(w.endTime)}.csv"`);
    const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ""));
    expect(header).toEqual(["subAffiliateUid", "productType", "date", "tradingVolume", "netTradingFee", "paidCommission"]);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect([row[0], row[1], inWindow(row[2]!, w)]).toEqual([uid, "SPOT", true]);
    expectBounded(calls, w);
  });

  it("the series covers the chosen window, names it, and sent WEEX both bounds (both product types)", async () => {
    const uid = await someSubAffiliate();
    const t0 = Date.now();
    const { result: r, calls } = await upstreamCalls(() => api<{ items: { bucket: string }[]; window: ReadWindow }>(`/api/affiliate/sub-affiliates/series?subUid=${uid}&granularity=day`, { cookie: viewer }));
    expect(r.status, r.text).toBe(200);
    expectChosen(r.json.window, t0, Date.now());
    expect(r.json.items.length).toBeGreaterThan(0);
    for (const item of r.json.items) expect(inWindow(item.bucket, r.json.window), item.bucket).toBe(true);
    expect(new Set(calls.map((c) => c.productType))).toEqual(new Set(["SPOT", "FUTURES"]));
    expectBounded(calls, r.json.window);
  });

  it("the leaderboard covers the chosen window, names it, and sent WEEX both bounds on every page", async () => {
    const t0 = Date.now();
    const { result: r, calls } = await upstreamCalls(() => api<{ items: unknown[]; window: ReadWindow }>(`/api/affiliate/sub-affiliates/leaderboard?productType=SPOT&limit=5`, { cookie: viewer }));
    expect(r.status, r.text).toBe(200);
    expectChosen(r.json.window, t0, Date.now());
    expect(r.json.items).toHaveLength(5);
    expect(calls.length).toBeGreaterThan(1);
    expectBounded(calls, r.json.window);
  });

  it("a range the person gave is the window (not chosen); an open end alone is chosen: up to now", async () => {
    const startTime = dayStart(Date.now()) - 3 * DAY_MS;
    const endTime = dayStart(Date.now()) - 1;
    const given = await api<{ window: ReadWindow }>(`/api/affiliate/sub-affiliates?productType=FUTURES&startTime=${startTime}&endTime=${endTime}&pageSize=5`, { cookie: viewer });
    expect(given.status, given.text).toBe(200);
    expect(given.json.window).toEqual({ startTime, endTime, chosen: false });

    const t0 = Date.now();
    const { result: open, calls } = await upstreamCalls(() => api<{ window: ReadWindow }>(`/api/affiliate/sub-affiliates?productType=FUTURES&startTime=${startTime}&pageSize=5`, { cookie: viewer }));
    expect(open.status, open.text).toBe(200);
    expect(open.json.window.startTime).toBe(startTime);
    expect(open.json.window.chosen).toBe(true);
    expect(open.json.window.endTime).toBeGreaterThanOrEqual(t0);
    expect(open.json.window.endTime).toBeLessThanOrEqual(Date.now());
    expectBounded(calls, open.json.window);
  });
});
