import { afterEach, describe, expect, it } from "vitest";
import { ENDPOINTS } from "../weex/endpoints";
import { parseWireJson } from "../weex/wire";
import type { Faults } from "./faults";
import { DAY, FIXED_NOW, pathOf, startTestSim, type Reply, type TestSim } from "./test-helpers";

// Each fault mode, switched at run time (setFaults, POST /__sim/faults) and from SIM_FAULTS.

let t: TestSim;
afterEach(() => t.close());

const coins = () => t.call("GET", pathOf("coins"), { signed: false });
const withdrawals = (o: { signal?: AbortSignal } = {}) => t.get(pathOf("withdrawals"), { pageSize: 5 }, o);
const order = (id: string) =>
  t.post(
    pathOf("placeOrder"),
    JSON.stringify({ symbol: "cmt_btcusdt", side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.01", newClientOrderId: id }),
  );

async function postFaults(f: unknown): Promise<Response> {
  return fetch(`${t.sim.url}/__sim/faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(f) });
}

describe("fault injection", () => {
  it("latency delays every matching answer", async () => {
    t = await startTestSim({ faults: { latencyMs: 250 } });
    const started = Date.now();
    expect((await coins()).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });

  it("hang: no answer until the client gives up; the next request is answered", async () => {
    t = await startTestSim();
    t.sim.setFaults({ hang: { next: 1 } });
    const hung = await withdrawals({ signal: AbortSignal.timeout(300) }).then(
      () => "answered",
      (e: Error) => e.name,
    );
    expect(hung).toBe("AbortError");
    expect((await withdrawals()).status).toBe(200);
    expect(t.sim.stats().faultsInjected.hang).toBe(1);
  });

  it("error5xx: a burst of N outage pages (not JSON), and the request is not executed", async () => {
    t = await startTestSim();
    t.sim.setFaults({ error5xx: { next: 2, status: 502 } });
    const a = await order("fault-5xx");
    const b = await withdrawals();
    expect([a.status, b.status]).toEqual([502, 502]);
    expect(a.body).toBeUndefined(); // not JSON
    expect(t.sim.stats().ordersPlaced).toBe(0);
    expect((await order("fault-5xx")).body).toMatchObject({ success: true });
  });

  it("malformed: HTTP 200 with a truncated body, after executing the request", async () => {
    t = await startTestSim({ faults: { malformed: { next: 1 } } });
    const r = await order("fault-malformed");
    expect(r.status).toBe(200);
    expect(() => parseWireJson(r.text)).toThrow();
    expect(t.sim.stats().ordersPlaced).toBe(1);
    // It was placed: the same client id again is a duplicate.
    expect((await order("fault-malformed")).body).toMatchObject({ success: false });
  });

  it("schema: valid JSON that no endpoint's response schema accepts", async () => {
    t = await startTestSim({ faults: { schema: {} } });
    for (const key of ["coins", "exchangeInfo", "withdrawals", "invitees", "spotOrder"] as const) {
      const ep = ENDPOINTS[key];
      const r = ep.access === "public" ? await t.call("GET", ep.path, { signed: false }) : await t.get(ep.path, key === "spotOrder" ? { orderId: "1" } : {});
      expect(r.status).toBe(200);
      expect(ep.response.safeParse(r.body).success, key).toBe(false);
    }
  });

  it("drop: the connection is destroyed without an answer", async () => {
    t = await startTestSim({ faults: { drop: { next: 1 } } });
    const dropped = await coins().then(
      () => "answered",
      (e: NodeJS.ErrnoException) => e.code,
    );
    expect(dropped).toMatch(/ECONNRESET|socket hang up/);
    expect((await coins()).status).toBe(200);
  });

  it("storm429: every matching request is refused for the given time, uncharged", async () => {
    t = await startTestSim();
    t.sim.setFaults({ storm429: { forMs: 5_000 } });
    const r = await withdrawals();
    expect(r.status).toBe(429);
    expect(r.text).toBe('{"code":-1003,"msg":"Too many requests"}');
    t.clock.t += 4_999;
    expect((await withdrawals()).status).toBe(429);
    t.clock.t += 1;
    const after = await withdrawals();
    expect(after.status).toBe(200);
    expect(after.headers["x-used-weight-ip"]).toBe(String(ENDPOINTS.withdrawals.ipWeight));
    expect(t.sim.stats().count429).toBe(2);
  });

  it("outOfWindow: the affiliate lists answer records outside the window asked for, never later than now", async () => {
    t = await startTestSim();
    const window = { startTime: FIXED_NOW - 10 * DAY, endTime: FIXED_NOW - 5 * DAY };
    const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const answers = async () => {
      const transfers = (await t.get(pathOf("withdrawals"), { ...window, pageSize: 200 })).body as { items: { createTime: unknown }[] };
      const sub = await t.post(pathOf("subAffiliates"), JSON.stringify({ productType: "SPOT", ...window, pageSize: 100 }));
      const invitees = (await t.get(pathOf("invitees"), { startTime: FIXED_NOW - 2 * DAY, endTime: FIXED_NOW, pageSize: 100 })).body as { channelUserInfoItemList: { registerTime: unknown }[] };
      return {
        times: transfers.items.map((i) => Number(i.createTime)),
        dates: (sub.body as { records: { date: string }[] }).records.map((r) => r.date),
        registered: invitees.channelUserInfoItemList.map((i) => Number(i.registerTime)),
      };
    };
    const asked = await answers();
    expect(asked.times.length).toBeGreaterThan(0);
    expect(asked.times.every((ms) => ms >= window.startTime && ms <= window.endTime)).toBe(true);
    expect(new Set(asked.dates)).toEqual(new Set([5, 6, 7, 8, 9, 10].map((d) => utcDate(FIXED_NOW - d * DAY))));

    t.sim.setFaults({ outOfWindow: {} });
    const wide = await answers();
    // a day more on each side, the records asked for among them
    expect(Math.min(...wide.times)).toBeLessThan(window.startTime);
    expect(Math.max(...wide.times)).toBeGreaterThan(window.endTime);
    expect(wide.times.filter((ms) => ms >= window.startTime && ms <= window.endTime)).toEqual(asked.times);
    expect(new Set(wide.dates)).toEqual(new Set([4, 5, 6, 7, 8, 9, 10, 11].map((d) => utcDate(FIXED_NOW - d * DAY))));
    expect(Math.min(...wide.registered)).toBeLessThan(FIXED_NOW - 2 * DAY);
    expect(Math.max(...wide.registered)).toBeLessThanOrEqual(FIXED_NOW);
  });

  it("outOfWindow all: every window of the invitees and the commission records is answered with all the records up to now", async () => {
    t = await startTestSim();
    const count = async (key: "invitees" | "commissions", window: { startTime: number; endTime: number }) => {
      const body = (await t.get(pathOf(key), { ...window, pageSize: 1 })).body as { total: unknown };
      return Number(body.total);
    };
    // two disjoint windows of the last year, and the whole of it in 90-day pieces
    const recent = { startTime: FIXED_NOW - 10 * DAY, endTime: FIXED_NOW };
    const older = { startTime: FIXED_NOW - 100 * DAY, endTime: FIXED_NOW - 91 * DAY };
    const year = [0, 1, 2, 3].map((i) => ({ startTime: FIXED_NOW - (i + 1) * 90 * DAY + 1, endTime: FIXED_NOW - i * 90 * DAY }));
    const asked = { recent: await count("invitees", recent), older: await count("invitees", older), year: 0 };
    for (const w of year) asked.year += await count("invitees", w);
    const commissionsAsked = await count("commissions", recent);
    expect(asked.recent).toBeGreaterThan(0);
    expect(asked.year).toBeGreaterThan(asked.recent + asked.older);

    t.sim.setFaults({ outOfWindow: { all: true } });
    // every window: the same records, all of them (up to now)
    for (const w of [recent, older, ...year]) expect(await count("invitees", w)).toBeGreaterThanOrEqual(asked.year);
    expect(await count("invitees", older)).toBe(await count("invitees", recent));
    expect(await count("commissions", older)).toBe(await count("commissions", recent));
    expect(await count("commissions", recent)).toBeGreaterThan(commissionsAsked);
  });

  it("can be limited to some endpoints", async () => {
    t = await startTestSim({ faults: { endpoints: ["coins"], error5xx: {} } });
    expect((await coins()).status).toBe(503);
    expect((await t.call("GET", pathOf("exchangeInfo"), { signed: false, query: "symbol=BTCUSDT" })).status).toBe(200);
  });

  it("a rate draws from a seeded PRNG: the same faults give the same sequence", async () => {
    t = await startTestSim();
    const run = async (f: Faults) => {
      t.sim.setFaults(f);
      const out: number[] = [];
      for (let i = 0; i < 40; i++) out.push((await coins()).status);
      return out;
    };
    const first = await run({ error5xx: { rate: 0.5 }, seed: 7 });
    const second = await run({ error5xx: { rate: 0.5 }, seed: 7 });
    expect(second).toEqual(first);
    const failures = first.filter((s) => s === 503).length;
    expect(failures).toBeGreaterThan(8);
    expect(failures).toBeLessThan(32);
  });

  it("POST /__sim/faults switches at run time; {} clears; an invalid description is refused", async () => {
    t = await startTestSim();
    expect((await postFaults({ error5xx: {} })).status).toBe(200);
    expect((await coins()).status).toBe(503);
    expect((await postFaults({})).status).toBe(200);
    expect((await coins()).status).toBe(200);
    const bad = await postFaults({ error5xx: { rate: 2 } });
    expect(bad.status).toBe(400);
    expect((await postFaults({ teleport: true })).status).toBe(400);
    expect(await (await fetch(`${t.sim.url}/__sim/faults`)).json()).toEqual({});
  });

  it("SIM_FAULTS sets the faults at start", async () => {
    const saved = process.env.SIM_FAULTS;
    process.env.SIM_FAULTS = JSON.stringify({ storm429: {} });
    try {
      t = await startTestSim({ faults: undefined });
    } finally {
      if (saved === undefined) delete process.env.SIM_FAULTS;
      else process.env.SIM_FAULTS = saved;
    }
    const r: Reply = await coins();
    expect(r.status).toBe(429);
  });
});
