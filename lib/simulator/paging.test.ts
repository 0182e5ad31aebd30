import { describe, expect, it } from "vitest";
import { WINDOWS } from "../weex/endpoints";
import { jsonNumber, stringifyWireJson } from "../weex/wire";
import { codeOf, DAY, FIXED_NOW, pathOf, simulatorWithData, type Reply } from "./test-helpers";

// Paging exactly as WEEX, across each whole data set: nothing lost, nothing repeated.

const SCALE = 0.05;
// (and the same generation the simulator ran, same seed, scale and clock: the expected records)
const s = simulatorWithData(SCALE);

type Obj = Record<string, unknown>;
const ok = (r: Reply) => {
  expect(r.status, r.text).toBe(200);
  return r.body as Obj;
};

function expectNewestFirst(times: number[]) {
  for (let i = 1; i < times.length; i++) expect(times[i]).toBeLessThanOrEqual(times[i - 1]);
}

describe("getInternalWithdrawalStatus: page / pageSize → {items,total,pageSize,page,pages,hasNextPage}", () => {
  it("pages every transfer of the past month once, per account-type pair", async () => {
    const seen = new Set<string>();
    let rows = 0;
    for (const from of ["SPOT", "FUND"]) {
      for (const to of ["SPOT", "FUND"]) {
        for (let page = 1; ; page++) {
          const body = ok(await s.sim.get(pathOf("withdrawals"), { fromAccountType: from, toAccountType: to, page, pageSize: 37 }));
          const items = body.items as Obj[];
          expect(body).toMatchObject({ page: String(page), pageSize: "37" });
          expect(Number(body.pages)).toBe(Math.ceil(Number(body.total) / 37));
          expectNewestFirst(items.map((i) => Number(i.createTime)));
          for (const i of items) seen.add(String(i.withdrawId));
          rows += items.length;
          if (body.hasNextPage === false) {
            expect(page).toBe(Math.max(1, Number(body.pages)));
            break;
          }
        }
      }
    }
    const expected = s.data.transfers.filter((x) => x.createTime >= FIXED_NOW - 30 * DAY && x.createTime <= FIXED_NOW);
    expect(rows).toBe(expected.length);
    expect(seen.size).toBe(expected.length);
    expect(expected.every((x) => seen.has(x.withdrawId))).toBe(true);
  });

  it("defaults to 100 a page, accepts 200, refuses 201 and page 0 with -1140", async () => {
    expect((ok(await s.sim.get(pathOf("withdrawals"))).items as unknown[]).length).toBe(100);
    expect(ok(await s.sim.get(pathOf("withdrawals"), { pageSize: 200 })).pageSize).toBe("200");
    const bad: Array<Record<string, string | number>> = [{ pageSize: 201 }, { page: 0 }, { pageSize: "x" }];
    for (const q of bad) {
      const r = await s.sim.get(pathOf("withdrawals"), q);
      expect([r.status, codeOf(r)]).toEqual([400, -1140]);
    }
  });

  it("filters by coin and withdrawID", async () => {
    const btc = ok(await s.sim.get(pathOf("withdrawals"), { coin: "BTC", pageSize: 200 }));
    expect((btc.items as Obj[]).every((i) => i.coin === "BTC")).toBe(true);
    const one = (btc.items as Obj[])[0];
    const byId = ok(await s.sim.get(pathOf("withdrawals"), { withdrawID: String(one.withdrawId) }));
    expect(byId.items).toEqual([one]);
  });
});

describe("querySubChannelTransactions: JSON pageNum / pageSize → {records,total,size,current,pages}", () => {
  for (const productType of ["SPOT", "FUTURES"] as const) {
    it(`pages every ${productType} record once`, async () => {
      const seen = new Set<string>();
      let pages = 0;
      for (let pageNum = 1; ; pageNum++) {
        const body = ok(await s.sim.post(pathOf("subAffiliates"), JSON.stringify({ productType, startTime: s.data.subAffiliates.firstDay, endTime: FIXED_NOW, pageNum, pageSize: 100 })));
        expect(body).toMatchObject({ current: String(pageNum), size: "100" });
        const records = body.records as Obj[];
        for (const r of records) {
          expect(r.productType).toBe(productType);
          seen.add(`${String(r.subAffiliateUid)}|${String(r.date)}`);
        }
        pages = Number(body.pages);
        if (pageNum >= pages) break;
      }
      const todayIndex = (FIXED_NOW - s.data.subAffiliates.firstDay) / DAY;
      const expected = s.data.subAffiliates.records[productType].filter((r) => r.day <= todayIndex);
      expect(pages).toBe(Math.ceil(expected.length / 100));
      expect(seen.size).toBe(expected.length);
    });
  }

  it("filters by a subUid sent as a raw JSON number above 2^53", async () => {
    const uid = s.data.subAffiliates.subs[1].uid;
    const body = stringifyWireJson({ subUid: jsonNumber(uid), productType: "FUTURES", startTime: FIXED_NOW - 30 * DAY, endTime: FIXED_NOW, pageSize: 100 });
    expect(body).toContain(`"subUid":${uid}`);
    const r = ok(await s.sim.post(pathOf("subAffiliates"), body));
    expect((r.records as Obj[]).length).toBeGreaterThan(0);
    expect((r.records as Obj[]).every((x) => x.subAffiliateUid === uid)).toBe(true);
  });

  it("refuses pageSize above 100 with -1140 and a missing productType with -1141", async () => {
    const big = await s.sim.post(pathOf("subAffiliates"), JSON.stringify({ productType: "SPOT", pageSize: 101 }));
    expect([big.status, codeOf(big)]).toEqual([400, -1140]);
    expect(big.text).toContain("pageSize");
    const none = await s.sim.post(pathOf("subAffiliates"), JSON.stringify({ pageNum: 1 }));
    expect(codeOf(none)).toBe(-1141);
    const bad = await s.sim.post(pathOf("subAffiliates"), JSON.stringify({ productType: "OPTIONS" }));
    expect(codeOf(bad)).toBe(-1140);
  });
});

describe("getAffiliateUIDs: page / pageSize → {channelUserInfoItemList,pages,pageSize,total}", () => {
  it("pages every invitee of the last year once, in 90-day windows", async () => {
    const seen = new Set<string>();
    let rows = 0;
    const maxSpan = WINDOWS.invitees.maxSpanMs;
    for (let start = FIXED_NOW - 365 * DAY; start <= FIXED_NOW; start += maxSpan) {
      const end = Math.min(start + maxSpan - 1, FIXED_NOW);
      for (let page = 1; ; page++) {
        const body = ok(await s.sim.get(pathOf("invitees"), { startTime: start, endTime: end, page, pageSize: 100 }));
        const list = body.channelUserInfoItemList as Obj[];
        expectNewestFirst(list.map((i) => Number(i.registerTime)));
        for (const i of list) seen.add(String(i.uid));
        rows += list.length;
        if (page >= Number(body.pages)) break;
      }
    }
    const expected = s.data.invitees.filter((i) => i.registerTime >= FIXED_NOW - 365 * DAY && i.registerTime <= FIXED_NOW);
    expect(rows).toBe(expected.length);
    expect(seen.size).toBe(expected.length);
  });

  it("refuses pageSize above 100", async () => {
    const r = await s.sim.get(pathOf("invitees"), { pageSize: 101 });
    expect([r.status, codeOf(r)]).toEqual([400, -1140]);
  });
});

describe("allOrders: limit + page → bare array", () => {
  it("pages every order of a pair once, newest first", async () => {
    const seen = new Set<string>();
    let rows = 0;
    for (let page = 1; ; page++) {
      const r = await s.sim.get(pathOf("allOrders"), { symbol: "BTCUSDT", limit: 50, page });
      const list = ok(r) as unknown as Obj[];
      expect(Array.isArray(list)).toBe(true);
      expectNewestFirst(list.map((o) => Number(o.time)));
      for (const o of list) seen.add(String(o.orderId));
      rows += list.length;
      if (list.length < 50) break;
    }
    const expected = s.data.spotOrdersBySymbol.get("BTCUSDT")!.filter((o) => o.time <= FIXED_NOW);
    expect(expected.length).toBeGreaterThan(100);
    expect(rows).toBe(expected.length);
    expect(seen.size).toBe(expected.length);
  });

  it("every pair's orders add up to the whole data set (limit 1000)", async () => {
    let rows = 0;
    for (const symbol of s.data.spotOrdersBySymbol.keys()) {
      for (let page = 1; ; page++) {
        const list = ok(await s.sim.get(pathOf("allOrders"), { symbol, limit: 1000, page })) as unknown as Obj[];
        rows += list.length;
        if (list.length < 1000) break;
      }
    }
    expect(rows).toBe(s.data.spotOrders.filter((o) => o.time <= FIXED_NOW).length);
  });

  it("refuses limit 1001 with -1140, an unknown pair with -2007, endTime < startTime with -1171", async () => {
    expect(codeOf(await s.sim.get(pathOf("allOrders"), { symbol: "BTCUSDT", limit: 1001 }))).toBe(-1140);
    expect(codeOf(await s.sim.get(pathOf("allOrders"), { symbol: "NOPEUSDT" }))).toBe(-2007);
    expect(codeOf(await s.sim.get(pathOf("allOrders"), { symbol: "BTCUSDT", startTime: 2000, endTime: 1000 }))).toBe(-1171);
    expect(codeOf(await s.sim.get(pathOf("allOrders"), {}))).toBe(-1141);
  });
});
