import { afterEach, describe, expect, it } from "vitest";
import { ENDPOINTS } from "../weex/endpoints";
import { codeOf, pathOf, startTestSim, type TestSim } from "./test-helpers";

// The two rolling 10 s weight windows (per IP, per UID), charged by the endpoint table's weights.

let t: TestSim;
afterEach(() => t.close());

const W = ENDPOINTS.withdrawals; // 100 IP / 100 UID: five calls fill a 500 budget
const withdrawals = () => t.get(pathOf("withdrawals"), { pageSize: 1 });

describe("rate limits", () => {
  it("answers 429 -1003 after the budget and not before, without charging the rejected request", async () => {
    t = await startTestSim({ ipWeightPer10s: 500, uidWeightPer10s: 500 });
    const calls = 500 / W.ipWeight;
    for (let i = 1; i <= calls; i++) {
      const r = await withdrawals();
      expect(r.status).toBe(200);
      expect(r.headers["x-used-weight-ip"]).toBe(String(i * W.ipWeight));
      expect(r.headers["x-used-weight-uid"]).toBe(String(i * W.uidWeight));
    }
    const over = await withdrawals();
    expect(over.status).toBe(429);
    expect(over.text).toBe('{"code":-1003,"msg":"Too many requests"}');
    // A public endpoint is refused too: the IP window is full.
    expect((await t.call("GET", pathOf("exchangeInfo"), { signed: false })).status).toBe(429);
    expect(t.sim.stats().count429).toBe(2);

    // 5 s later the window still holds the five charges; the refused calls were not charged.
    t.clock.t += 5_000;
    expect((await withdrawals()).status).toBe(429);
    t.clock.t += 5_000; // the first five leave the window exactly 10 s after they were made
    const after = await withdrawals();
    expect(after.status).toBe(200);
    expect(after.headers["x-used-weight-ip"]).toBe(String(W.ipWeight));
    expect(t.sim.stats().count429).toBe(3);
  });

  it("is a rolling window, not fixed 10 s buckets; stats give the exact busiest window", async () => {
    t = await startTestSim({ ipWeightPer10s: 500, uidWeightPer10s: 500 });
    const t0 = Math.floor(t.clock.t / 10_000) * 10_000;
    t.clock.t = t0 + 8_000;
    for (let i = 0; i < 3; i++) expect((await withdrawals()).status).toBe(200);
    t.clock.t = t0 + 12_000; // a new fixed bucket, but the same rolling window
    for (let i = 0; i < 2; i++) expect((await withdrawals()).status).toBe(200);
    expect((await withdrawals()).status).toBe(429);
    t.clock.t = t0 + 18_001; // the three from t0+8s are out
    const r = await withdrawals();
    expect(r.headers["x-used-weight-ip"]).toBe("300");
    const stats = t.sim.stats();
    expect(stats.maxWeightIn10s).toEqual({ ip: 500, uid: 500 });
    expect(stats.byEndpoint.withdrawals).toBe(7);
    expect(stats.requests).toBe(7);
  });

  it("keeps one window per IP and one per UID; public endpoints carry no UID weight", async () => {
    t = await startTestSim({ ipWeightPer10s: 500, uidWeightPer10s: 500 });
    const info = ENDPOINTS.exchangeInfo;
    // Fill 127.0.0.1's IP window with public calls: no UID weight.
    for (let i = 0; i < 500 / info.ipWeight; i++) {
      const r = await t.call("GET", pathOf("exchangeInfo"), { signed: false });
      expect(r.status).toBe(200);
      expect(r.headers["x-used-weight-uid"]).toBeUndefined();
    }
    expect((await withdrawals()).status).toBe(429);
    // Another IP, same account: admitted, and the UID window starts empty.
    const other = await t.get(pathOf("withdrawals"), { pageSize: 1 }, { localAddress: "127.0.0.2" });
    expect(other.status).toBe(200);
    expect(other.headers["x-used-weight-uid"]).toBe(String(W.uidWeight));
    // Fill the UID window from a second and third IP: the account is limited wherever it calls from.
    for (let i = 0; i < 4; i++) expect((await t.get(pathOf("withdrawals"), {}, { localAddress: "127.0.0.3" })).status).toBe(200);
    const uidFull = await t.get(pathOf("withdrawals"), {}, { localAddress: "127.0.0.4" });
    expect([uidFull.status, codeOf(uidFull)]).toEqual([429, -1003]);
    // ... while a public call from that IP is fine.
    expect((await t.call("GET", pathOf("coins"), { signed: false, localAddress: "127.0.0.4" })).status).toBe(200);
    expect(t.sim.stats().maxWeightIn10s).toEqual({ ip: 500, uid: 500 });
  });

  it("does not charge requests that fail authentication", async () => {
    t = await startTestSim({ ipWeightPer10s: 500, uidWeightPer10s: 500 });
    for (let i = 0; i < 10; i++) {
      expect((await t.get(pathOf("withdrawals"), {}, { headers: { "ACCESS-SIGN": "bad" } })).status).toBe(401);
    }
    const r = await withdrawals();
    expect(r.headers["x-used-weight-ip"]).toBe(String(W.ipWeight));
  });

  it("caps contract order placement at 50 a minute per account, plan orders included; a refused one is not counted", async () => {
    t = await startTestSim({ ordersPerMinute: undefined }); // the default cap
    let n = 0;
    const order = () =>
      t.post(pathOf("placeOrder"), JSON.stringify({ symbol: "cmt_btcusdt", side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.01", newClientOrderId: `cap-${++n}` }));
    for (let i = 0; i < 49; i++) expect((await order()).body).toMatchObject({ success: true });
    const plan = await t.post(
      pathOf("placeTpSl"),
      JSON.stringify({ symbol: "cmt_ethusdt", clientOrderId: "cap-plan", planType: "profit_plan", triggerPrice: "4000", size: "0.5", positionSide: "long", marginMode: 1 }),
    );
    expect(plan.text).toMatch(/^\[\{"success":true/);
    const over = await order();
    expect(over.status).toBe(429);
    expect(codeOf(over)).toBe(-1003);
    expect(t.sim.stats().ordersPlaced).toBe(50);
    // Reads are not affected. Orders refused half a minute later are not counted: once the
    // first fifty leave the window, placements go through again.
    expect((await t.get(pathOf("coins"))).status).toBe(200);
    t.clock.t += 30_000;
    for (let i = 0; i < 5; i++) expect((await order()).status).toBe(429);
    t.clock.t += 30_000;
    expect((await order()).body).toMatchObject({ success: true });
  });

  it("resetStats clears the counters, not the windows", async () => {
    t = await startTestSim({ ipWeightPer10s: 500, uidWeightPer10s: 500 });
    for (let i = 0; i < 6; i++) await withdrawals();
    expect(t.sim.stats().count429).toBe(1);
    const res = await fetch(`${t.sim.url}/__sim/reset-stats`, { method: "POST" });
    expect(res.status).toBe(200);
    const stats = (await (await fetch(`${t.sim.url}/__sim/stats`)).json()) as { count429: number; requests: number; maxWeightIn10s: { ip: number } };
    expect(stats).toMatchObject({ count429: 0, requests: 0, maxWeightIn10s: { ip: 0 } });
    expect((await withdrawals()).status).toBe(429);
  });
});
