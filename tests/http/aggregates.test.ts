/**
 * The aggregate affiliate routes through HTTP: series, leaderboard, funnel. Each answer is
 * checked against the same data read page by page through the list routes, summed here in
 * decimal arithmetic.
 */
import Decimal from "decimal.js";
import { beforeAll, describe, expect, it } from "vitest";
import { api as rawApi, login, simStats, type ApiInit } from "./helpers";
import { patiently } from "./patient";
import type { SubAffiliateRow } from "../../lib/contract/responses";
import { DAY_MS } from "../../lib/time/calendar";

interface SeriesItem {
  bucket: string;
  productType: string;
  tradingVolume: string;
  netTradingFee: string;
  paidCommission: string;
}

const D = Decimal.clone({ precision: 100 });
const api = <T>(path: string, init: ApiInit) => patiently(() => rawApi<T>(path, init));
let viewer: string;
beforeAll(async () => {
  viewer = await login("viewer");
});

const dayStart = (ms: number) => ms - (ms % DAY_MS);
const endTime = dayStart(Date.now()) - 1;
const startTime = dayStart(Date.now()) - 3 * DAY_MS;
const range = `startTime=${startTime}&endTime=${endTime}`;

async function records(productType: "SPOT" | "FUTURES"): Promise<SubAffiliateRow[]> {
  const out: SubAffiliateRow[] = [];
  for (let page = 1; ; page++) {
    const r = await api<{ items: SubAffiliateRow[]; hasNextPage: boolean }>(`/api/affiliate/sub-affiliates?productType=${productType}&${range}&page=${page}&pageSize=100`, { cookie: viewer });
    expect(r.status, r.text).toBe(200);
    out.push(...r.json.items);
    if (!r.json.hasNextPage) return out;
  }
}

describe("series", () => {
  it("sums each UTC day per product type exactly as the records add up", async () => {
    type Total = { total: string; SPOT: string; FUTURES: string };
    const r = await api<{ granularity: string; tz: string; items: SeriesItem[]; totals: Record<"tradingVolume" | "netTradingFee" | "paidCommission", Total> }>(`/api/affiliate/sub-affiliates/series?${range}&granularity=day`, { cookie: viewer });
    expect(r.status, r.text).toBe(200);
    expect(r.json.granularity).toBe("day");
    expect(r.json.tz).toBe("UTC");

    const expected = new Map<string, { v: Decimal; f: Decimal; c: Decimal }>();
    for (const rec of [...(await records("SPOT")), ...(await records("FUTURES"))]) {
      const key = `${rec.date}|${rec.productType}`;
      const s = expected.get(key) ?? { v: new D(0), f: new D(0), c: new D(0) };
      expected.set(key, { v: s.v.plus(rec.tradingVolume), f: s.f.plus(rec.netTradingFee), c: s.c.plus(rec.paidCommission) });
    }
    expect(r.json.items).toHaveLength(expected.size);
    for (const item of r.json.items) {
      const s = expected.get(`${item.bucket}|${item.productType}`)!;
      expect(s, item.bucket).toBeDefined();
      expect(new D(item.tradingVolume).eq(s.v)).toBe(true);
      expect(new D(item.netTradingFee).eq(s.f)).toBe(true);
      expect(new D(item.paidCommission).eq(s.c)).toBe(true);
      expect(item.tradingVolume).toMatch(/^-?\d+(\.\d+)?$/);
    }
    // the range's totals: the records' sums, overall and per product type
    const sum = (pick: (s: { v: Decimal; f: Decimal; c: Decimal }) => Decimal, productType?: string) =>
      [...expected].filter(([k]) => !productType || k.endsWith(`|${productType}`)).reduce((acc, [, s]) => acc.plus(pick(s)), new D(0));
    for (const [metric, pick] of [["tradingVolume", (s: { v: Decimal }) => s.v], ["netTradingFee", (s: { f: Decimal }) => s.f], ["paidCommission", (s: { c: Decimal }) => s.c]] as const) {
      const t = r.json.totals[metric];
      expect(new D(t.total).eq(sum(pick as never)), metric).toBe(true);
      expect(new D(t.SPOT).eq(sum(pick as never, "SPOT")), metric).toBe(true);
      expect(new D(t.FUTURES).eq(sum(pick as never, "FUTURES")), metric).toBe(true);
      expect(t.total).toMatch(/^-?\d+(\.\d+)?$/);
    }
    expect(new D(r.json.totals.paidCommission.total).gt(0)).toBe(true);
    // buckets in order, SPOT before FUTURES within a bucket
    const keys = r.json.items.map((i) => `${i.bucket}|${i.productType === "SPOT" ? 0 : 1}`);
    expect(keys).toEqual([...keys].sort());
  });

  it("buckets weeks in a named time zone", async () => {
    const r = await api<{ tz: string; items: SeriesItem[] }>(`/api/affiliate/sub-affiliates/series?${range}&productType=SPOT&granularity=week&tz=America/New_York`, { cookie: viewer });
    expect(r.status, r.text).toBe(200);
    expect(r.json.tz).toBe("America/New_York");
    for (const item of r.json.items) {
      expect(item.productType).toBe("SPOT");
      expect(new Date(`${item.bucket}T00:00:00Z`).getUTCDay()).toBe(1); // a Monday
    }
  });

  it("refuses an unknown zone or granularity before any upstream call", async () => {
    const before = (await simStats()).byEndpoint.subAffiliates ?? 0;
    const r = await api<{ error: { code: string; fields: { path: string }[] } }>(`/api/affiliate/sub-affiliates/series?tz=%2B05:30&granularity=hour`, { cookie: viewer });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe("validation_error");
    expect(r.json.error.fields.map((f) => f.path).sort()).toEqual(["granularity", "tz"]);
    expect((await simStats()).byEndpoint.subAffiliates ?? 0).toBe(before);
  });
});

describe("leaderboard", () => {
  it("ranks sub-affiliates by summed commission, exactly", async () => {
    const r = await api<{ items: { subAffiliateUid: string; tradingVolume: string; netTradingFee: string; paidCommission: string }[] }>(
      `/api/affiliate/sub-affiliates/leaderboard?${range}&by=commission&limit=5`,
      { cookie: viewer },
    );
    expect(r.status, r.text).toBe(200);
    const sums = new Map<string, { v: Decimal; c: Decimal }>();
    for (const rec of [...(await records("SPOT")), ...(await records("FUTURES"))]) {
      const s = sums.get(rec.subAffiliateUid) ?? { v: new D(0), c: new D(0) };
      sums.set(rec.subAffiliateUid, { v: s.v.plus(rec.tradingVolume), c: s.c.plus(rec.paidCommission) });
    }
    const top = [...sums.entries()].sort(([, a], [, b]) => b.c.comparedTo(a.c)).slice(0, 5);
    expect(r.json.items).toHaveLength(5);
    expect(r.json.items.map((i) => new D(i.paidCommission).toFixed())).toEqual(top.map(([, s]) => s.c.toFixed()));
    for (const item of r.json.items) expect(new D(item.tradingVolume).eq(sums.get(item.subAffiliateUid)!.v)).toBe(true);
  });

  it("limits to 100", async () => {
    const r = await api<{ error: { fields: { path: string }[] } }>(`/api/affiliate/sub-affiliates/leaderboard?limit=101`, { cookie: viewer });
    expect(r.status).toBe(400);
    expect(r.json.error.fields.map((f) => f.path)).toEqual(["limit"]);
  });
});

describe("funnel", () => {
  it("counts the invitees registered in the range, stage by stage", async () => {
    const now = Date.now();
    const q = `startTime=${now - 30 * DAY_MS}&endTime=${now - DAY_MS}`;
    const f = await api<{ registered: number; kycPassed: number; firstDeposit: number; firstTrade: number }>(`/api/affiliate/invitees/funnel?${q}`, { cookie: viewer });
    expect(f.status, f.text).toBe(200);
    const list = await api<{ total: number }>(`/api/affiliate/invitees?${q}&pageSize=1`, { cookie: viewer });
    expect(f.json.registered).toBe(list.json.total);
    expect(f.json.registered).toBeGreaterThan(f.json.kycPassed);
    expect(f.json.kycPassed).toBeGreaterThanOrEqual(f.json.firstDeposit);
    expect(f.json.firstDeposit).toBeGreaterThanOrEqual(f.json.firstTrade);
    expect(f.json.firstTrade).toBeGreaterThan(0);
  });

  it("needs both ends of the range", async () => {
    const r = await api<{ error: { fields: { path: string }[] } }>(`/api/affiliate/invitees/funnel?startTime=${Date.now() - DAY_MS}`, { cookie: viewer });
    expect(r.status).toBe(400);
    expect(r.json.error.fields.map((f) => f.path)).toEqual(["endTime"]);
  });
});
