import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDataset, startSimulator, type Dataset, type Simulator } from "@/lib/simulator/index";
import { WeexClient } from "@/lib/weex/client";
import type { SubAffiliateRecord } from "@/lib/weex/records";
import { Dec } from "@/lib/contract/decimal";
import { buildFunnel } from "./funnel";
import { buildSeries } from "./series";
import { liveSources, type AffiliateSources } from "./sources";
import { DAY_MS } from "@/lib/time/calendar";

// The live sources through the real client against the simulated exchange over HTTP: every
// page read, nothing lost or repeated, ranges longer than one upstream query sliced.

const SEED = 42;
const SCALE = 0.1;
const credentials = { apiKey: "sim-key-0001", apiSecret: "sim-secret-0001", passphrase: "sim-passphrase-0001" };

let sim: Simulator;
let client: WeexClient;
let sources: AffiliateSources;
let truth: Dataset;
let simStart = 0;

beforeAll(async () => {
  // Capture the clock value the simulator generates its data from, to rebuild the same data.
  sim = await startSimulator({
    port: 0,
    quiet: true,
    seed: SEED,
    scale: SCALE,
    now: () => {
      const t = Date.now();
      simStart ||= t;
      return t;
    },
  });
  truth = generateDataset({ seed: SEED, scale: SCALE, now: simStart });
  client = new WeexClient({ spotBaseUrl: sim.url, contractBaseUrl: sim.url, credentials });
  sources = liveSources(client);
});
afterAll(async () => {
  expect(sim.stats().count429).toBe(0);
  await sim.close();
});

async function all<T>(batches: AsyncIterable<T[]>): Promise<{ rows: T[]; batches: number }> {
  const rows: T[] = [];
  let n = 0;
  for await (const b of batches) {
    rows.push(...b);
    n++;
  }
  return { rows, batches: n };
}

/** The same query through the list endpoint with a different page size, page by page. */
async function listed(productType: "SPOT" | "FUTURES", range: { startTime: number; endTime: number }, pageSize: number): Promise<SubAffiliateRecord[]> {
  const out: SubAffiliateRecord[] = [];
  for (let page = 1; ; page++) {
    const p = await client.list("subAffiliates", { productType, ...range, page, pageSize });
    out.push(...p.items);
    if (!p.hasNextPage) return out;
  }
}

describe("live sources against the simulator", () => {
  const yesterday = Date.now() - DAY_MS;
  const range = { startTime: yesterday - 20 * DAY_MS, endTime: yesterday };

  it("sub-affiliates, both product types: every page, SPOT then FUTURES, as the list pages give them", async () => {
    const { rows, batches } = await all(sources.subAffiliates.records(range));
    const spot = await listed("SPOT", range, 37);
    const futures = await listed("FUTURES", range, 37);
    expect(batches).toBeGreaterThan(2);
    expect(rows).toEqual([...spot, ...futures]);
    const keys = new Set(rows.map((r) => `${r.subAffiliateUid}|${r.productType}|${r.date}`));
    expect(keys.size).toBe(rows.length);
  });

  it("a series over those records sums to the records' exact total", async () => {
    const { rows } = await all(sources.subAffiliates.records({ ...range, productType: "FUTURES" }));
    const series = await buildSeries(sources.subAffiliates.records({ ...range, productType: "FUTURES" }), "week", "America/New_York");
    const total = (xs: string[]) => xs.reduce((s, x) => s.plus(x), new Dec(0)).toFixed();
    expect(total(series.items.map((i) => i.paidCommission))).toBe(total(rows.map((r) => r.paidCommission)));
    expect(series.items.every((i) => i.productType === "FUTURES")).toBe(true);
  });

  it("invitees over 200 days: sliced into ≤ 90-day queries, exactly the users registered in the range", async () => {
    const now = Date.now();
    const r = { startTime: now - 200 * DAY_MS, endTime: now - DAY_MS };
    const before = sim.stats().byEndpoint.invitees ?? 0;
    const { rows } = await all(sources.invitees.records(r));
    const expected = truth.invitees.filter((i) => i.registerTime >= r.startTime && i.registerTime <= r.endTime).map((i) => i.uid);
    expect(rows.map((x) => x.uid).sort()).toEqual([...expected].sort());
    expect(new Set(rows.map((x) => x.uid)).size).toBe(rows.length);
    // three slices (90 + 90 + 19 days), each at least one request
    expect((sim.stats().byEndpoint.invitees ?? 0) - before).toBeGreaterThanOrEqual(3);
    const funnel = await buildFunnel(
      (async function* () {
        yield rows;
      })(),
      r,
    );
    expect(funnel.registered).toBe(expected.length);
    expect(funnel.kycPassed).toBeGreaterThan(funnel.firstDeposit);
    expect(funnel.firstDeposit).toBeGreaterThanOrEqual(funnel.firstTrade);
  });

  it("transfers of the past month: every page", async () => {
    const first = await client.list("withdrawals", { page: 1, pageSize: 200 });
    const { rows } = await all(sources.withdrawals.records({}));
    expect(rows.length).toBe(first.total);
    expect(rows.slice(0, first.items.length)).toEqual(first.items);
  });

  it("stops paging upstream when the signal aborts", async () => {
    const ctrl = new AbortController();
    const before = sim.stats().byEndpoint.subAffiliates ?? 0;
    let seen = 0;
    await expect(
      (async () => {
        for await (const _ of sources.subAffiliates.records({ productType: "SPOT", startTime: Date.now() - 365 * DAY_MS, endTime: Date.now() }, ctrl.signal)) {
          if (++seen === 2) ctrl.abort();
        }
      })(),
    ).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 100));
    expect((sim.stats().byEndpoint.subAffiliates ?? 0) - before).toBe(2);
  });
});
