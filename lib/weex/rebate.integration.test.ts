import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mulberry32 } from "../simulator/prng";
import { startSimulator } from "../simulator/index";
import { MemoryBudget, type WeightBudget, type WeightCost } from "./budget";
import { WeexClient } from "./client";
import { ENDPOINTS } from "./endpoints";
import type { CommissionRecord, InviteeTotalsRecord } from "./records";
import { ProblemSink } from "./record-problems";
import { DAY_MS } from "../time/calendar";

// The rebate reads end to end: the client's signed calls against the simulator over HTTP.
// What one read says agrees with what the others say, for random windows; the budget is
// charged each read's weight from the table; every answer shape WEEX's sources disagree on
// is read.

type Sim = Awaited<ReturnType<typeof startSimulator>>;
const credentials = { apiKey: "sim-key-0001", apiSecret: "sim-secret-0001", passphrase: "sim-passphrase-0001" };
const LOTS = 1_000_000_000;

let sim: Sim;
let client: WeexClient;

beforeAll(async () => {
  // A budget no walk here fills, on both sides: the weights are the subject of their own test below.
  sim = await startSimulator({ port: 0, quiet: true, scale: 0.05, ipWeightPer10s: LOTS, uidWeightPer10s: LOTS });
  client = new WeexClient({ spotBaseUrl: sim.url, contractBaseUrl: sim.url, credentials, budget: new MemoryBudget({ ipPer10s: LOTS, uidPer10s: LOTS }) });
});
afterAll(async () => {
  expect(sim.stats().count429).toBe(0);
  await sim.close();
});

const sum = (xs: Array<string | null | Decimal>) => xs.reduce<Decimal>((a, x) => a.plus(x ?? 0), new Decimal(0));
const volume = (r: CommissionRecord) => new Decimal(r.takerAmount!).plus(r.makerAmount!);
const dateOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Every page of a paged rebate read. */
async function walk<K extends "inviteeTotals" | "commissions">(key: K, params: Record<string, unknown>) {
  const items: Array<K extends "commissions" ? CommissionRecord : InviteeTotalsRecord> = [];
  for (let page = 1; page < 2_000; page++) {
    const p = await client.list(key, { ...params, page, pageSize: 100 } as never);
    expect(p.rejected ?? []).toEqual([]);
    items.push(...(p.items as typeof items));
    if (!p.hasNextPage) return items;
  }
  throw new Error("too many pages");
}

async function commissionsOf(startTime: number, endTime: number): Promise<CommissionRecord[]> {
  return [...(await walk("commissions", { startTime, endTime, productType: "SPOT" })), ...(await walk("commissions", { startTime, endTime, productType: "FUTURES" }))];
}

/** Random windows of 1 to 90 days within the last 300, not aligned to days (seeded: the same every run). */
function randomWindows(seed: number, count: number, alignToDays = false): Array<{ startTime: number; endTime: number }> {
  const rng = mulberry32(seed);
  const now = Date.now();
  return Array.from({ length: count }, () => {
    const days = 1 + Math.floor(rng() * 90);
    let startTime = now - Math.floor((days + rng() * (300 - days)) * DAY_MS);
    let endTime = Math.min(now, startTime + Math.floor(rng() * days * DAY_MS));
    if (alignToDays) {
      startTime = Math.floor(startTime / DAY_MS) * DAY_MS;
      endTime = Math.min(startTime + days * DAY_MS, Math.floor(now / DAY_MS) * DAY_MS) - 1;
    }
    return { startTime, endTime };
  });
}

describe("what the rebate reads say agrees, for random windows", () => {
  it("each invitee's totals are the sums of its commission records (USDT commission; volumes in every coin) over the same window", async () => {
    for (const w of randomWindows(27, 4)) {
      const where = `${new Date(w.startTime).toISOString()} – ${new Date(w.endTime).toISOString()}`;
      const totals = await walk("inviteeTotals", w);
      const records = await commissionsOf(w.startTime, w.endTime);
      expect(records.every((r) => r.date >= w.startTime && r.date <= w.endTime)).toBe(true);
      const direct = records.filter((r) => r.sourceType === 1);
      expect(direct.length, where).toBeGreaterThan(0);
      const byUid = new Map<string, CommissionRecord[]>();
      for (const r of direct) byUid.set(r.uid, [...(byUid.get(r.uid) ?? []), r]);
      const listed = new Set(totals.map((t) => t.uid));
      // every direct trader of the window has its totals; no sub-affiliate's invitee has
      for (const uid of byUid.keys()) expect(listed.has(uid), `${uid} ${where}`).toBe(true);
      for (const r of records.filter((x) => x.sourceType === 2)) expect(listed.has(r.uid)).toBe(false);
      for (const t of totals) {
        const mine = byUid.get(t.uid) ?? [];
        // the totals' commission is one decimal: USDT's; commission paid in BTC is never added to it
        expect(new Decimal(t.commission!).eq(sum(mine.filter((r) => r.coin === "USDT").map((r) => r.commission))), `${t.uid} ${where}`).toBe(true);
        expect(new Decimal(t.spotTradingAmount!).eq(sum(mine.filter((r) => r.productType === "SPOT").map(volume))), `${t.uid} ${where}`).toBe(true);
        expect(new Decimal(t.futuresTradingAmount!).eq(sum(mine.filter((r) => r.productType === "FUTURES").map(volume))), `${t.uid} ${where}`).toBe(true);
      }
    }
    // (commission paid in BTC exists: what the totals leave out is not nothing)
    // (one clock reading: two would make the window longer than WEEX's 90 days when the clock ticks between them)
    const now = Date.now();
    const quarter = await commissionsOf(now - 90 * DAY_MS, now);
    expect(quarter.some((r) => r.coin === "BTC" && r.sourceType === 1)).toBe(true);
  });

  it("each invitee's depositAmount is its deposits within the window, as getAssert lists them", async () => {
    for (const w of randomWindows(11, 3)) {
      const withDeposits = (await walk("inviteeTotals", w)).filter((t) => new Decimal(t.depositAmount!).gt(0));
      expect(withDeposits.length).toBeGreaterThan(0);
      for (const t of withDeposits.slice(0, 8)) {
        const assets = await client.call("memberAssets", { userId: t.uid, startTime: dateOf(w.startTime), endTime: dateOf(w.endTime) });
        const list = assets.depositList as Array<{ amount: string; time: string }>;
        const inWindow = list.filter((d) => Number(d.time) >= w.startTime && Number(d.time) <= w.endTime);
        expect(sum(inWindow.map((d) => d.amount)).eq(t.depositAmount!), t.uid).toBe(true);
        // getAssert's own total covers its whole days
        expect(sum(list.map((d) => d.amount)).eq(assets.depositTotalAmount!)).toBe(true);
      }
    }
  });

  it("over whole UTC days, depositAmount equals getAssert's depositTotalAmount and getDealData's volumes equal the records'", async () => {
    for (const w of randomWindows(5, 2, true)) {
      const totals = await walk("inviteeTotals", w);
      for (const t of totals.filter((x) => new Decimal(x.depositAmount!).gt(0)).slice(0, 5)) {
        const assets = await client.call("memberAssets", { userId: t.uid, startTime: dateOf(w.startTime), endTime: dateOf(w.endTime) });
        expect(assets.depositTotalAmount).toBe(t.depositAmount);
      }
      const deals = await client.call("memberDeals", { startTime: dateOf(w.startTime), endTime: dateOf(w.endTime) });
      expect(deals.rejected).toEqual([]);
      expect([deals.startTime, deals.endTime]).toEqual([dateOf(w.startTime), dateOf(w.endTime)]);
      const direct = (await commissionsOf(w.startTime, w.endTime)).filter((r) => r.sourceType === 1);
      const traders = new Set(direct.map((r) => r.uid));
      expect(new Set(deals.data.map((d) => d.userId))).toEqual(traders);
      for (const d of deals.data) {
        const mine = direct.filter((r) => r.uid === d.userId);
        expect(new Decimal(d.spotDealAmountUsdt!).eq(sum(mine.filter((r) => r.productType === "SPOT").map(volume))), d.userId).toBe(true);
        expect(new Decimal(d.futuresProDealAmountUsdt!).eq(sum(mine.filter((r) => r.productType === "FUTURES").map(volume))), d.userId).toBe(true);
      }
      // and they are the totals' trading amounts over the same days
      for (const t of totals.filter((x) => traders.has(x.uid))) {
        const d = deals.data.find((x) => x.userId === t.uid)!;
        expect([d.spotDealAmountUsdt, d.futuresProDealAmountUsdt].map((x) => new Decimal(x!).toString())).toEqual(
          [t.spotTradingAmount, t.futuresTradingAmount].map((x) => new Decimal(x!).toString()),
        );
      }
    }
  });

  it("verifyReferrals says true exactly for the affiliate's invitees", async () => {
    const invitees = (await client.list("invitees", { pageSize: 100 })).items.map((i) => i.uid);
    const w = { startTime: Date.now() - 30 * DAY_MS, endTime: Date.now() };
    const totals = (await walk("inviteeTotals", w)).map((t) => t.uid);
    const viaSubs = [...new Set((await commissionsOf(w.startTime, w.endTime)).filter((r) => r.sourceType === 2).map((r) => r.uid))];
    expect(viaSubs.length).toBeGreaterThan(0);
    const strangers = ["1", "702345678901234567", "4199999999"];
    const ask = async (ids: string[]) => {
      const out: Array<{ uid: string; isRefferal: boolean }> = [];
      for (let i = 0; i < ids.length; i += 100) out.push(...(await client.call("verifyReferrals", { userIds: ids.slice(i, i + 100) })));
      expect(out.map((x) => x.uid)).toEqual(ids);
      return out.map((x) => x.isRefferal);
    };
    expect(await ask([...invitees, ...totals])).toEqual([...invitees, ...totals].map(() => true));
    expect(await ask([...viaSubs.slice(0, 150), ...strangers])).toEqual([...viaSubs.slice(0, 150), ...strangers].map(() => false));
  });
});

describe("WEEX's odd shapes (the simulator's oddRecords mode), read by the client", () => {
  it('enveloped answers, dealTime, ids and times as strings or numbers, missing productType, "--" as null; the unusable record set aside and counted', async () => {
    sim.setFaults({ oddRecords: { at: 0 } });
    try {
      const w = { startTime: Date.now() - 20 * DAY_MS, endTime: Date.now() };
      const sink = new ProblemSink();
      const page = await client.list("commissions", { ...w, productType: "FUTURES", pageSize: 10 });
      sink.add(page.rejected ?? []);
      expect(page.items).toHaveLength(9);
      expect(page.items.every((r) => r.productType === "FUTURES" && Number.isSafeInteger(r.date) && /^\d+$/.test(r.uid))).toBe(true);
      expect(page.items[0].dealTime).toBe(String(page.items[0].date));
      expect(page.items[2].commission).toBeNull();
      expect(sink.warnings()).toEqual({ count: 1, example: { path: "channelCommissionInfoItems.3.fee", value: "12,5 USDT", reason: 'expected a decimal or "--"' } });
      expect(page.total).toBeGreaterThan(10);

      const totals = await client.list("inviteeTotals", { ...w, pageSize: 5 });
      expect(totals.items.map((t) => typeof t.uid)).toEqual(["string", "string", "string", "string"]);
      expect(totals.items[1].withdrawalAmount).toBeNull();
      expect(totals.rejected?.map((r) => r.problem.path)).toEqual(["records.2.depositAmount"]);

      const uid = totals.items[0].uid;
      expect(await client.call("verifyReferrals", { userIds: [uid, "1"] })).toEqual([
        { uid, isRefferal: true },
        { uid: "1", isRefferal: false },
      ]);
      const assets = await client.call("memberAssets", { userId: uid });
      expect(assets).toMatchObject({ availableBalance: null, fundingTotalUsdt: null, depositTotalAmount: expect.stringMatching(/^\d/) });
      const deals = await client.call("memberDeals", {});
      expect(deals.data[0].userId).toMatch(/^\d+$/);
      expect(deals.data[1].futuresProDealAmountUsdt).toBeNull();
      expect(deals.rejected.map((r) => r.problem.path)).toEqual(["data.2.spotDealAmountUsdt"]);
    } finally {
      sim.setFaults({});
    }
  });
});

describe("weights: signed calls through the budget at WEEX's limits", () => {
  it("each read costs its table weight (20 IP / 20 UID) in the client's budget and at the exchange; the client keeps under 500 per 10 s", { timeout: 60_000 }, async () => {
    const strict = await startSimulator({ port: 0, quiet: true, scale: 0.05 });
    try {
      const asked: WeightCost[] = [];
      const inner = new MemoryBudget();
      const budget: WeightBudget = { acquire: (cost, o) => (asked.push(cost), inner.acquire(cost, o)), pause: (until) => inner.pause(until) };
      const c = new WeexClient({ spotBaseUrl: strict.url, contractBaseUrl: strict.url, credentials, budget });
      const uid = (await c.list("inviteeTotals", {})).items[0].uid;
      await c.list("commissions", {});
      await c.call("verifyReferrals", { userIds: uid });
      await c.call("memberAssets", { userId: uid });
      await c.call("memberDeals", {});
      const keys = ["inviteeTotals", "commissions", "verifyReferrals", "memberAssets", "memberDeals"] as const;
      expect(asked).toMatchObject(keys.map((k) => ({ ip: ENDPOINTS[k].ipWeight, uid: ENDPOINTS[k].uidWeight, uidKey: credentials.apiKey })));
      expect(asked.every((a) => a.ip === 20 && a.uid === 20)).toBe(true);
      expect(strict.stats().maxWeightIn10s).toEqual({ ip: 100, uid: 100 });

      // 21 more (520 in all): the last ones wait for the window instead of meeting a 429
      const started = Date.now();
      await Promise.all(Array.from({ length: 21 }, () => c.call("verifyReferrals", { userIds: uid })));
      expect(strict.stats().count429).toBe(0);
      expect(strict.stats().maxWeightIn10s.uid).toBeLessThanOrEqual(500);
      expect(strict.stats().byEndpoint.verifyReferrals).toBe(22);
      expect(Date.now() - started).toBeGreaterThan(5_000);
    } finally {
      await strict.close();
    }
  });
});
