import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMIT_ORDER } from "../weex/test-support";
import { jsonNumber, stringifyWireJson } from "../weex/wire";
import { codeOf, pathOf, startTestSim, type TestSim } from "./test-helpers";

// Contract orders, plan orders and spot order queries: state, business failures inside
// HTTP 200, and the exchange's validation codes (stricter than the dashboard where WEEX is).

const TWO_53 = 2n ** 53n;
let t: TestSim;
beforeAll(async () => {
  t = await startTestSim();
});
afterAll(() => t.close());

const order = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ ...LIMIT_ORDER, newClientOrderId: `o-${Math.random().toString(36).slice(2, 10)}`, ...over });
const place = (body: string) => t.post(pathOf("placeOrder"), body);

describe("POST /capi/v3/order", () => {
  it("places an order: id above 2^53 as a string, client id echoed, empty error fields", async () => {
    const before = t.sim.stats().ordersPlaced;
    const r = await place(order({ newClientOrderId: "dash-0001" }));
    expect(r.status).toBe(200);
    const body = r.body as Record<string, unknown>;
    expect(body).toMatchObject({ clientOrderId: "dash-0001", success: true, errorCode: "", errorMessage: "" });
    expect(r.text).toMatch(/"orderId":"\d+"/);
    expect(BigInt(body.orderId as string) > TWO_53).toBe(true);
    expect(t.sim.stats().ordersPlaced).toBe(before + 1);
  });

  it("refuses a reused newClientOrderId as a business failure inside HTTP 200", async () => {
    const body = order({ newClientOrderId: "dup-1" });
    expect((await place(body)).status).toBe(200);
    const before = t.sim.stats().ordersPlaced;
    const again = await place(body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: false, clientOrderId: "dup-1", errorCode: "-2010" });
    expect((again.body as { errorMessage: string }).errorMessage).toMatch(/Duplicate/);
    expect(t.sim.stats().ordersPlaced).toBe(before);
  });

  it("a MARKET order needs neither price nor timeInForce; a LIMIT order needs both (-1141)", async () => {
    expect((await place(order({ type: "MARKET", price: undefined, timeInForce: undefined }))).body).toMatchObject({ success: true });
    expect(codeOf(await place(order({ price: undefined })))).toBe(-1141);
    expect(codeOf(await place(order({ timeInForce: undefined })))).toBe(-1141);
  });

  it("answers the documented codes for invalid fields", async () => {
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ side: "HOLD" }, -1117],
      [{ type: "STOP" }, -1116],
      [{ timeInForce: "GTD" }, -1115],
      [{ symbol: "cmt_nopeusdt" }, -1121],
      [{ quantity: "0" }, -1140],
      [{ quantity: "-1" }, -1140],
      [{ quantity: "0.0000001" }, -1160], // BTC steps are 0.000001
      [{ price: "68900.05" }, -1160], // BTC ticks are 0.1
      [{ tpTriggerPrice: "70000.01" }, -1160],
      [{ newClientOrderId: "x".repeat(37) }, -1180],
      [{ newClientOrderId: "has space" }, -1140],
      [{ positionSide: "long" }, -1140],
      [{ newClientOrderId: undefined }, -1141],
    ];
    for (const [over, code] of cases) {
      const r = await place(order(over));
      expect([r.status, codeOf(r)], JSON.stringify(over)).toEqual([400, code]);
    }
  });

  it("answers -1135 for a body that is not a JSON object", async () => {
    expect(codeOf(await place("{not json"))).toBe(-1135);
    expect(codeOf(await place("[1,2]"))).toBe(-1135);
    expect(codeOf(await place(""))).toBe(-1135);
  });

  it("a quantity above the symbol's maximum is a business failure", async () => {
    const r = await place(order({ quantity: "1000" }));
    expect(r.body).toMatchObject({ success: false, errorCode: "-2010" });
  });
});

describe("plan (TP/SL) orders", () => {
  const plan = (over: Record<string, unknown> = {}) =>
    JSON.stringify({
      symbol: "cmt_ethusdt",
      clientOrderId: `tp-${Math.random().toString(36).slice(2, 10)}`,
      planType: "profit_plan",
      triggerPrice: "4000",
      size: "0.5",
      positionSide: "long",
      marginMode: 1,
      ...over,
    });

  it("places a plan order (orderId a raw JSON number above 2^53) and modifies it", async () => {
    const r = await t.post(pathOf("placeTpSl"), plan({ clientOrderId: "tp-1" }));
    expect(r.status).toBe(200);
    const m = /^\[\{"success":true,"orderId":(\d+)\}\]$/.exec(r.text);
    expect(m, r.text).not.toBeNull();
    const id = m![1];
    expect(BigInt(id) > TWO_53).toBe(true);

    // The id goes back as a raw JSON number and must be read exactly (a JS number would round it).
    const body = stringifyWireJson({ orderId: jsonNumber(id), triggerPrice: "4100", executePrice: "0", triggerPriceType: 3 });
    const mod = await t.post(pathOf("modifyTpSl"), body);
    expect(mod.status).toBe(200);
    expect(mod.text).toMatch(/^\{"code":"00000","msg":"success","requestTime":\d+,"data":\{\}\}$/);
  });

  it("modifying an unknown plan order answers HTTP 200 with a non-00000 code and a message", async () => {
    const before = t.sim.stats().ordersPlaced;
    const r = await t.post(pathOf("modifyTpSl"), '{"orderId":1613000000000009999,"triggerPrice":"4100"}');
    expect(r.status).toBe(200);
    const body = r.body as { code: string; msg: string };
    expect(body.code).not.toBe("00000");
    expect(body.msg).toMatch(/does not exist/);
    expect(t.sim.stats().ordersPlaced).toBe(before);
  });

  it("a reused clientOrderId fails with success false, orderId 0", async () => {
    const body = plan({ clientOrderId: "tp-dup" });
    await t.post(pathOf("placeTpSl"), body);
    const again = await t.post(pathOf("placeTpSl"), body);
    expect(again.text).toBe('[{"success":false,"orderId":0}]');
  });

  it("validates plan fields with the exchange's codes", async () => {
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ clientOrderId: "c".repeat(41) }, -1180],
      [{ planType: "trailing" }, -1140],
      [{ positionSide: "LONG" }, -1140],
      [{ marginMode: 2 }, -1140],
      [{ symbol: "cmt_nopeusdt" }, -1121],
      [{ triggerPrice: "4000.001" }, -1160], // ETH ticks are 0.01
      [{ size: undefined }, -1141],
    ];
    for (const [over, code] of cases) expect(codeOf(await t.post(pathOf("placeTpSl"), plan(over))), JSON.stringify(over)).toBe(code);
    // marginMode may come as text, as the exchange's JSON binding accepts
    expect((await t.post(pathOf("placeTpSl"), plan({ marginMode: "3" }))).body).toEqual([{ success: true, orderId: expect.any(String) }]);
  });
});

describe("spot order queries", () => {
  it("finds an order by orderId (a raw JSON number above 2^53) and by origClientOrderId", async () => {
    const list = await t.get(pathOf("allOrders"), { symbol: "ETHUSDT", limit: 1 });
    const id = /"orderId":(\d+),/.exec(list.text)![1];
    expect(BigInt(id) > TWO_53).toBe(true);
    const one = await t.get(pathOf("spotOrder"), { orderId: id });
    expect(one.status).toBe(200);
    expect(one.text).toContain(`"orderId":${id},`);
    const clientId = (one.body as { clientOrderId: string }).clientOrderId;
    const byClient = await t.get(pathOf("spotOrder"), { origClientOrderId: clientId });
    expect(byClient.text).toBe(one.text);
  });

  it("answers -1140 without an identifier and -2200 / 400 for an unknown order", async () => {
    const none = await t.get(pathOf("spotOrder"));
    expect([none.status, codeOf(none), (none.body as { msg: string }).msg]).toEqual([400, -1140, "Either orderId or origClientOrderId must be sent."]);
    const unknown = await t.get(pathOf("spotOrder"), { orderId: "1" });
    expect([unknown.status, codeOf(unknown)]).toEqual([400, -2200]);
    expect(codeOf(await t.get(pathOf("spotOrder"), { orderId: "99999999999999999999999" }))).toBe(-1140);
  });
});

describe("exchangeInfo filters", () => {
  const symbols = (q: Record<string, string>) =>
    t.call("GET", pathOf("exchangeInfo"), { signed: false, query: new URLSearchParams(q).toString() });
  const names = (body: unknown) => (body as { symbols: Array<{ symbol: string }> }).symbols.map((s) => s.symbol);

  it("symbol, symbols (comma list or JSON array), symbolStatus", async () => {
    expect(names((await symbols({ symbol: "BTCUSDT" })).body)).toEqual(["BTCUSDT"]);
    expect(names((await symbols({ symbols: "ETHUSDT,BTCUSDT" })).body)).toEqual(["ETHUSDT", "BTCUSDT"]);
    expect(names((await symbols({ symbols: '["SOLUSDT","BTCUSDT"]' })).body)).toEqual(["SOLUSDT", "BTCUSDT"]);
    const all = (await symbols({})).body as { symbols: Array<{ status: string }> };
    const trading = (await symbols({ symbolStatus: "TRADING" })).body as { symbols: Array<{ status: string }> };
    expect(trading.symbols.length).toBeLessThan(all.symbols.length);
    expect(trading.symbols.every((s) => s.status === "TRADING")).toBe(true);
  });

  it("answers -1121 for an unknown symbol, -1128 for symbol with symbols, -1140 for another status", async () => {
    expect(codeOf(await symbols({ symbol: "NOPEUSDT" }))).toBe(-1121);
    expect(codeOf(await symbols({ symbol: "BTCUSDT", symbols: "ETHUSDT" }))).toBe(-1128);
    expect(codeOf(await symbols({ symbolStatus: "HALT" }))).toBe(-1140);
  });
});
