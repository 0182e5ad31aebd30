import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { generateNetwork } from "./data";
import { MAX_CACHED_RECORDS, SUB_AGENT_UID_BASE } from "./data/activity";
import { dayOf } from "./data/activity-records";
import { DAY, FIXED_NOW, pathOf, simulatorWithData, startTestSim, type Reply } from "./test-helpers";

// The rebate reads as the simulator serves them: commission records, totals, deposits,
// verifyReferrals and getDealData agree with the invitees' funnel, with each other and with the
// sub-affiliates' daily records; the same seed answers the same; and what a year holds.

const SCALE = 0.05;
const NOW = FIXED_NOW;
const s = simulatorWithData(SCALE);

interface Rec {
  uid: string;
  date: string;
  coin: string;
  productType: string;
  fee: string;
  commission: string;
  rate: string;
  symbol: string;
  sourceType: string;
  takerAmount: string;
  makerAmount: string;
}
interface TotalsRow {
  uid: string;
  depositAmount: string;
  withdrawalAmount: string;
  spotTradingAmount: string;
  futuresTradingAmount: string;
  commission: string;
}

const ok = (r: Reply) => {
  expect(r.status, r.text).toBe(200);
  return r.body as Record<string, unknown>;
};
const dateOf = (t: number) => new Date(t).toISOString().slice(0, 10);
const dayStart = (t: number) => Math.floor(t / DAY) * DAY;
const sum = (xs: Array<string | Decimal>) => xs.reduce<Decimal>((a, x) => a.plus(x), new Decimal(0));

/** Every commission record of one product type for a query, page by page (newest first). */
async function records(q: Record<string, string | number>, productType: "SPOT" | "FUTURES"): Promise<Rec[]> {
  const out: Rec[] = [];
  for (let page = 1; page < 1_000; page++) {
    const body = ok(await s.sim.get(pathOf("commissions"), { ...q, productType, page, pageSize: 100 })) as { channelCommissionInfoItems: Rec[]; total: string };
    out.push(...body.channelCommissionInfoItems);
    if (body.channelCommissionInfoItems.length < 100 || out.length >= Number(body.total)) {
      expect(out.length).toBe(Number(body.total));
      return out;
    }
  }
  throw new Error("too many pages");
}
const bothProducts = async (q: Record<string, string | number>) => [...(await records(q, "SPOT")), ...(await records(q, "FUTURES"))];

async function totals(q: Record<string, string | number>): Promise<TotalsRow[]> {
  const out: TotalsRow[] = [];
  for (let page = 1; page < 1_000; page++) {
    const body = ok(await s.sim.get(pathOf("inviteeTotals"), { ...q, page, pageSize: 100 })) as { records: TotalsRow[]; total: string };
    out.push(...body.records);
    if (out.length >= Number(body.total)) return out;
  }
  throw new Error("too many pages");
}

describe("commission records", () => {
  it("commission = fee × rate exactly; mostly USDT, BTC only on BTC-quoted spot pairs; symbols from the exchange's lists; newest first", async () => {
    const from = NOW - 30 * DAY;
    const spot = await records({ startTime: from, endTime: NOW }, "SPOT");
    const futures = await records({ startTime: from, endTime: NOW }, "FUTURES");
    expect(spot.length).toBeGreaterThan(100);
    expect(futures.length).toBeGreaterThan(100);
    for (const list of [spot, futures]) {
      const dates = list.map((r) => Number(r.date));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(Math.min(...dates)).toBeGreaterThanOrEqual(from);
      expect(Math.max(...dates)).toBeLessThanOrEqual(NOW);
    }
    for (const r of [...spot, ...futures]) {
      expect(new Decimal(r.fee).mul(r.rate).eq(r.commission), JSON.stringify(r)).toBe(true);
      expect(["1", "2"]).toContain(r.sourceType);
      expect(new Decimal(r.takerAmount).plus(r.makerAmount).gt(0)).toBe(true);
    }
    for (const r of futures) {
      expect(r).toMatchObject({ productType: "FUTURES", coin: "USDT" });
      expect(s.data.contracts.has(r.symbol)).toBe(true);
    }
    for (const r of spot) {
      const pair = s.data.pairsBySymbol.get(r.symbol)!;
      expect(pair.status).toBe("TRADING");
      expect(pair.quote).toBe(r.coin);
    }
    const btc = spot.filter((r) => r.coin === "BTC").length / (spot.length + futures.length);
    expect(btc).toBeGreaterThan(0.002);
    expect(btc).toBeLessThan(0.2);
    expect(new Set([...spot, ...futures].map((r) => r.sourceType))).toEqual(new Set(["1", "2"]));
  });

  it("an invitee trades only from its first trade (a record exactly then) to its last (one exactly then), and deposits from its first deposit (one exactly then)", async () => {
    const traders = s.data.invitees.filter((i) => i.firstTrade >= NOW - 300 * DAY && i.lastTrade <= NOW && i.lastTrade - i.firstTrade < 80 * DAY && i.lastTrade > i.firstTrade);
    expect(traders.length).toBeGreaterThan(20);
    for (const inv of traders.slice(0, 12)) {
      const recs = await bothProducts({ uid: inv.uid, startTime: inv.firstTrade - 5 * DAY, endTime: inv.firstTrade + 85 * DAY });
      const times = recs.map((r) => Number(r.date));
      expect(Math.min(...times), inv.uid).toBe(inv.firstTrade);
      expect(Math.max(...times), inv.uid).toBe(inv.lastTrade);
      expect(recs.every((r) => r.uid === inv.uid && r.sourceType === "1")).toBe(true);
      const assets = ok(await s.sim.get(pathOf("memberAssets"), { userId: inv.uid, startTime: dateOf(inv.firstDeposit - 3 * DAY), endTime: dateOf(inv.firstDeposit + 20 * DAY) })) as {
        depositList: Array<{ time: string; amount: string }>;
        depositTotalAmount: string;
      };
      const deposits = assets.depositList.map((d) => Number(d.time));
      expect(deposits[0]).toBe(inv.firstDeposit);
      expect(deposits.every((t) => t >= inv.firstDeposit && t <= inv.lastDeposit)).toBe(true);
      expect(sum(assets.depositList.map((d) => d.amount)).eq(assets.depositTotalAmount)).toBe(true);
    }
    const never = s.data.invitees.find((i) => i.registerTime < NOW - 100 * DAY && !Number.isFinite(i.firstDeposit))!;
    expect(await bothProducts({ uid: never.uid, startTime: NOW - 90 * DAY, endTime: NOW })).toEqual([]);
    const row = ok(await s.sim.get(pathOf("inviteeTotals"), { uid: never.uid }));
    expect(row.records).toEqual([{ uid: never.uid, depositAmount: "0", withdrawalAmount: "0", spotTradingAmount: "0", futuresTradingAmount: "0", commission: "0" }]);
  });

  it("on a given day a few per cent of the invitees trade", async () => {
    for (const back of [2, 40, 150]) {
      const d = dayStart(NOW) - back * DAY;
      const recs = await bothProducts({ startTime: d, endTime: d + DAY - 1 });
      const traders = new Set(recs.filter((r) => r.sourceType === "1").map((r) => r.uid)).size;
      const registered = s.data.invitees.filter((i) => i.registerTime < d + DAY).length;
      expect(traders / registered, `${back} days ago: ${traders} of ${registered}`).toBeGreaterThan(0.005);
      expect(traders / registered).toBeLessThan(0.06);
    }
  });

  it("sourceType 2 is a sub-affiliate's own invitees (not the affiliate's): on a completed day they add up to its daily record's volume and fee", async () => {
    const d = dayStart(NOW) - 3 * DAY;
    const recs = (await bothProducts({ startTime: d, endTime: d + DAY - 1 })).filter((r) => r.sourceType === "2");
    expect(recs.length).toBeGreaterThan(0);
    const subs = s.data.subAffiliates.subs;
    for (const productType of ["SPOT", "FUTURES"] as const) {
      const daily = (ok(await s.sim.post(pathOf("subAffiliates"), JSON.stringify({ productType, startTime: d, endTime: d + DAY - 1 }))) as {
        records: Array<{ subAffiliateUid: string; tradingVolume: string; netTradingFee: string }>;
      }).records;
      expect(daily.length).toBeGreaterThan(0);
      const mine = recs.filter((r) => r.productType === productType);
      const bySub = new Map<string, Rec[]>();
      for (const r of mine) {
        const sub = subs[Math.floor((Number(r.uid) - SUB_AGENT_UID_BASE) / 1000)].uid;
        bySub.set(sub, [...(bySub.get(sub) ?? []), r]);
      }
      expect(new Set(bySub.keys())).toEqual(new Set(daily.map((x) => x.subAffiliateUid)));
      for (const x of daily) {
        const parts = bySub.get(x.subAffiliateUid)!;
        expect(sum(parts.map((r) => new Decimal(r.takerAmount).plus(r.makerAmount))).eq(x.tradingVolume), x.subAffiliateUid).toBe(true);
        expect(sum(parts.map((r) => r.fee)).eq(x.netTradingFee), x.subAffiliateUid).toBe(true);
        expect(parts.every((r) => r.rate === "0.1" && r.coin === "USDT")).toBe(true);
      }
    }
    const uids = [...new Set(recs.map((r) => r.uid))].slice(0, 100);
    const verified = ok(await s.sim.get(pathOf("verifyReferrals"), { userIds: uids.join(",") })) as unknown as Array<{ isRefferal: boolean }>;
    expect(verified.every((v) => v.isRefferal === false)).toBe(true);
    expect(ok(await s.sim.get(pathOf("inviteeTotals"), { uid: uids[0] })).records).toEqual([]);
  });
});

describe("invitee totals", () => {
  it("list exactly the direct invitees with a deposit, withdrawal or trade in the window, newest registration first", async () => {
    const from = NOW - 20 * DAY;
    const rows = await totals({ startTime: from, endTime: NOW });
    expect(rows.length).toBeGreaterThan(20);
    const regs = rows.map((r) => s.data.inviteesByUid.get(r.uid)!.registerTime);
    expect(regs).toEqual([...regs].sort((a, b) => b - a));
    for (const r of rows) {
      const values = [r.depositAmount, r.withdrawalAmount, r.spotTradingAmount, r.futuresTradingAmount].map((x) => new Decimal(x));
      expect(values.some((v) => v.gt(0)), r.uid).toBe(true);
    }
    // every first deposit and every trade of the window is someone's row
    const listed = new Set(rows.map((r) => r.uid));
    for (const inv of s.data.invitees.filter((i) => i.firstDeposit >= from && i.firstDeposit <= NOW)) expect(listed.has(inv.uid), inv.uid).toBe(true);
    const direct = (await bothProducts({ startTime: from, endTime: NOW })).filter((r) => r.sourceType === "1");
    for (const r of direct) expect(listed.has(r.uid), r.uid).toBe(true);
  });

  it("one uid's answers are the network's answers for that uid (generated for it alone, the same records)", async () => {
    const from = NOW - 60 * DAY + 12_345;
    const to = NOW - 5 * DAY - 777;
    const all = await totals({ startTime: from, endTime: to });
    const network = await records({ startTime: from, endTime: to }, "FUTURES");
    for (const row of all.filter((_, i) => i % 7 === 0).slice(0, 10)) {
      expect(ok(await s.sim.get(pathOf("inviteeTotals"), { uid: row.uid, startTime: from, endTime: to })).records).toEqual([row]);
      expect(await records({ uid: row.uid, startTime: from, endTime: to }, "FUTURES")).toEqual(network.filter((r) => r.uid === row.uid));
    }
  });
});

describe("verifyReferrals", () => {
  it("true exactly for the affiliate's direct invitees registered by now, in the order asked", async () => {
    const invitees = s.data.invitees.filter((i) => i.registerTime <= NOW).filter((_, i) => i % 13 === 0).slice(0, 60);
    const ahead = s.data.invitees.filter((i) => i.registerTime > NOW).slice(0, 10);
    const others = [String(SUB_AGENT_UID_BASE + 1), "1", "4200000000", "702345678901234567"];
    const ids = [...others.slice(0, 2), ...invitees.map((i) => i.uid), ...ahead.map((i) => i.uid), ...others.slice(2)];
    expect(ahead.length).toBeGreaterThan(0);
    const answer = ok(await s.sim.get(pathOf("verifyReferrals"), { userIds: ids.join(",") })) as unknown as Array<{ uid: string; isRefferal: boolean }>;
    const direct = new Set(invitees.map((i) => i.uid));
    expect(answer).toEqual(ids.map((uid) => ({ uid, isRefferal: direct.has(uid) })));
  });
});

describe("getDealData", () => {
  it("each direct invitee's volume by UTC day is the sum of its direct records of those days; without userIds, everyone who traded; the days applied are echoed", async () => {
    const start = dayStart(NOW) - 9 * DAY;
    const end = dayStart(NOW) - 7 * DAY;
    const recs = (await bothProducts({ startTime: start, endTime: end + DAY - 1 })).filter((r) => r.sourceType === "1");
    const expected = new Map<string, { spot: Decimal; futures: Decimal }>();
    for (const r of recs) {
      const e = expected.get(r.uid) ?? { spot: new Decimal(0), futures: new Decimal(0) };
      const v = new Decimal(r.takerAmount).plus(r.makerAmount);
      if (r.productType === "SPOT") e.spot = e.spot.plus(v);
      else e.futures = e.futures.plus(v);
      expected.set(r.uid, e);
    }
    const body = ok(await s.sim.get(pathOf("memberDeals"), { startTime: dateOf(start), endTime: dateOf(end) })) as {
      data: Array<{ userId: string; spotDealAmountUsdt: string; futuresProDealAmountUsdt: string }>;
      startTime: string;
      endTime: string;
    };
    expect([body.startTime, body.endTime]).toEqual([dateOf(start), dateOf(end)]);
    expect(new Set(body.data.map((x) => x.userId))).toEqual(new Set(expected.keys()));
    for (const x of body.data) {
      expect(new Decimal(x.spotDealAmountUsdt).eq(expected.get(x.userId)!.spot), x.userId).toBe(true);
      expect(new Decimal(x.futuresProDealAmountUsdt).eq(expected.get(x.userId)!.futures), x.userId).toBe(true);
    }
    // named ids: the direct invitees among them, zeros included, others left out
    const idle = s.data.invitees.find((i) => i.registerTime < start && !Number.isFinite(i.firstTrade))!;
    const trader = body.data[0].userId;
    const q = new URLSearchParams([["userIds", trader], ["userIds", idle.uid], ["userIds", String(SUB_AGENT_UID_BASE + 1)], ["startTime", dateOf(start)], ["endTime", dateOf(end)]]).toString();
    const byName = ok(await s.sim.call("GET", pathOf("memberDeals"), { query: q })) as { data: Array<{ userId: string; spotDealAmountUsdt: string }> };
    expect(byName.data.map((x) => x.userId)).toEqual([trader, idle.uid]);
    expect(byName.data[0]).toEqual(body.data[0]);
    expect(byName.data[1]).toMatchObject({ spotDealAmountUsdt: "0", futuresProDealAmountUsdt: "0" });
  });
});

describe("determinism", () => {
  it("the same seed answers the rebate reads byte for byte the same, whatever was asked before; another seed does not", async () => {
    const one = await startTestSim({ seed: 9 });
    const two = await startTestSim({ seed: 9 });
    const other = await startTestSim({ seed: 10 });
    try {
      // two asks about everyone first (whole days generated and cached), one about a single invitee (its days alone)
      const network = (await two.get(pathOf("commissions"), { productType: "FUTURES", startTime: NOW - 20 * DAY })).body as { channelCommissionInfoItems: Rec[] };
      const uid = network.channelCommissionInfoItems.find((r) => r.sourceType === "1")!.uid;
      await one.get(pathOf("commissions"), { uid, productType: "FUTURES", startTime: NOW - 20 * DAY });
      const asks: Array<[string, Record<string, string | number>]> = [
        [pathOf("inviteeTotals"), { startTime: NOW - 45 * DAY, endTime: NOW, page: 2, pageSize: 50 }],
        [pathOf("commissions"), { startTime: NOW - 20 * DAY, productType: "FUTURES", page: 3 }],
        [pathOf("commissions"), { uid, startTime: NOW - 20 * DAY, productType: "FUTURES" }],
        [pathOf("memberDeals"), { startTime: dateOf(NOW - 10 * DAY) }],
      ];
      for (const [path, q] of asks) {
        const a = await one.get(path, q);
        expect(a.status).toBe(200);
        expect(a.text).toMatch(/"(uid|userId)":/);
        expect((await two.get(path, q)).text).toBe(a.text);
      }
      expect((await other.get(...asks[1])).text).not.toBe((await one.get(...asks[1])).text);
    } finally {
      await Promise.all([one.close(), two.close(), other.close()]);
    }
  });
});

describe("a year of the network", () => {
  // Scale 10 counts every 5th day and multiplies by 5 (a fifth of the work: this machine is shared).
  it("prints how many commission records a year holds at scale 1 and 10, how long generating them takes, and what the day cache holds", { timeout: 600_000 }, () => {
    const lines: string[] = [];
    for (const [scale, every] of [
      [1, 1],
      [10, 5],
    ] as const) {
      const started = performance.now();
      const net = generateNetwork({ seed: 42, scale, now: NOW });
      const built = performance.now();
      const year = { records: 0, direct: 0, movements: 0 };
      for (let day = dayOf(NOW) - 364; day <= dayOf(NOW); day += every) {
        const d = net.activity.countDays(day, 1);
        year.records += d.records * every;
        year.direct += d.direct * every;
        year.movements += d.movements * every;
      }
      const ms = Math.round((performance.now() - built) * every);
      const how = every === 1 ? "" : ` (every ${every}th day counted, times ${every})`;
      lines.push(
        `scale ${scale}: ${net.invitees.length} invitees; a year holds ${year.records} commission records (${year.direct} of direct invitees, ${year.records - year.direct} of sub-affiliates' invitees) and ${year.movements} deposits/withdrawals${how}; generating them takes ${ms} ms (the network itself ${Math.round(built - started)} ms)`,
      );
      // a believable size: about a thousand records a day per unit of scale
      expect(year.records / 365 / scale).toBeGreaterThan(400);
      expect(year.records / 365 / scale).toBeLessThan(2_500);
      if (scale === 1) {
        // what the day cache holds after the whole year has been read once (every day of it)
        const heap = process.memoryUsage().heapUsed;
        const t0 = performance.now();
        for (let back = 0; back < 365; back += 91) net.activity.totals(NOW - (back + 91) * DAY, NOW - back * DAY - 1);
        const cacheMs = Math.round(performance.now() - t0);
        expect(net.activity.cachedRecords).toBe(year.records + year.movements);
        expect(net.activity.cachedRecords).toBeLessThanOrEqual(MAX_CACHED_RECORDS);
        lines.push(
          `scale 1: the year read through the totals in ${cacheMs} ms; the day cache holds ${net.activity.cachedRecords} records (bound ${MAX_CACHED_RECORDS}), heap +${Math.round((process.memoryUsage().heapUsed - heap) / 1e6)} MB`,
        );
      }
    }
    console.log(lines.map((l) => `[rebate reads] ${l}`).join("\n"));
  });
});
