import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startSimulator } from "../simulator/index";
import { WeexClient } from "./client";
import { businessFailure } from "./endpoints";
import { failure } from "./test-support";
import { DAY_MS } from "../time/calendar";

// The client against the simulated exchange over real HTTP: all ten endpoints.

type Sim = Awaited<ReturnType<typeof startSimulator>>;
const credentials = { apiKey: "sim-key-0001", apiSecret: "sim-secret-0001", passphrase: "sim-passphrase-0001" };
const TWO_53 = 2n ** 53n;

let sim: Sim;
let client: WeexClient;
let spotSymbol: string;
let contractSymbol: string;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, quiet: true, scale: 0.1 });
  client = new WeexClient({ spotBaseUrl: sim.url, contractBaseUrl: sim.url, credentials });
  const info = await client.call("exchangeInfo", { symbolStatus: "TRADING" });
  spotSymbol = info.symbols.find((s) => s.symbol === "BTCUSDT")?.symbol ?? info.symbols.find((s) => s.quoteAsset === "USDT")!.symbol;
  contractSymbol = `cmt_${spotSymbol.replace(/USDT$/, "").toLowerCase()}usdt`;
});
afterAll(async () => {
  // The client kept to the budget the whole time.
  expect(sim.stats().count429).toBe(0);
  await sim.close();
});

const isBigId = (id: string) => /^\d+$/.test(id) && BigInt(id) > TWO_53;

describe("reference data (public)", () => {
  it("exchangeInfo: all, one symbol, a list", async () => {
    const all = await client.call("exchangeInfo", {});
    expect(all.symbols.length).toBeGreaterThan(10);
    const one = await client.call("exchangeInfo", { symbol: spotSymbol });
    expect(one.symbols.map((s) => s.symbol)).toEqual([spotSymbol]);
    const two = all.symbols.slice(0, 2).map((s) => s.symbol);
    expect((await client.call("exchangeInfo", { symbols: two })).symbols.map((s) => s.symbol).sort()).toEqual([...two].sort());
    expect(typeof one.symbols[0].tickSize).toBe("string");
  });

  it("coins", async () => {
    const coins = await client.call("coins", {});
    expect(coins.length).toBeGreaterThan(5);
    expect(coins[0].networkList.length).toBeGreaterThan(0);
  });
});

describe("affiliate data (signed, paged)", () => {
  it("invitees page through with exact ids", async () => {
    const p1 = await client.list("invitees", { pageSize: 20 });
    expect(p1.items).toHaveLength(20);
    expect(p1.hasNextPage).toBe(true);
    const p2 = await client.list("invitees", { pageSize: 20, page: 2 });
    expect(p2.page).toBe(2);
    expect(p2.items.map((i) => i.uid)).not.toEqual(p1.items.map((i) => i.uid));
    expect(p1.items.every((i) => /^\d+$/.test(i.uid))).toBe(true);
  });

  it("sub-affiliate daily records page with pageNum, both products, exact ids", async () => {
    const start = Date.now() - 30 * DAY_MS;
    for (const productType of ["SPOT", "FUTURES"] as const) {
      const p1 = await client.list("subAffiliates", { productType, startTime: start, endTime: Date.now(), pageSize: 50 });
      expect(p1.items.length).toBe(50);
      expect(p1.items.every((r) => r.productType === productType && /^\d{4}-\d{2}-\d{2}$/.test(r.date))).toBe(true);
      const p2 = await client.list("subAffiliates", { productType, startTime: start, endTime: Date.now(), pageSize: 50, page: 2 });
      expect(p2.page).toBe(2);
      expect(JSON.stringify(p2.items)).not.toBe(JSON.stringify(p1.items));
      expect(p1.items.some((r) => isBigId(r.subAffiliateUid))).toBe(true);
    }
  });

  it("internal transfers of the past month, 200 a page", async () => {
    const page = await client.list("withdrawals", { pageSize: 200, startTime: Date.now() - 7 * DAY_MS });
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.length).toBeLessThanOrEqual(200);
    expect(typeof page.items[0].amount).toBe("string");
  });
});

describe("spot orders (signed)", () => {
  it("ids above 2^53 arrive exact: an id from allOrders finds its order again", async () => {
    const list = await client.list("allOrders", { symbol: spotSymbol, pageSize: 100 });
    expect(list.items.length).toBeGreaterThan(0);
    const big = list.items.find((o) => isBigId(o.orderId));
    expect(big).toBeDefined();
    expect(String(Number(big!.orderId))).not.toBe(big!.orderId); // a JS number could not carry it
    const byId = await client.call("spotOrder", { orderId: big!.orderId });
    expect(byId).toMatchObject({ orderId: big!.orderId, symbol: spotSymbol, price: big!.price });
    if (big!.clientOrderId) {
      expect((await client.call("spotOrder", { origClientOrderId: big!.clientOrderId })).orderId).toBe(big!.orderId);
    }
  });

  it("allOrders pages with limit", async () => {
    const p1 = await client.list("allOrders", { symbol: spotSymbol, pageSize: 5 });
    const p2 = await client.list("allOrders", { symbol: spotSymbol, pageSize: 5, page: 2 });
    expect(p1.items).toHaveLength(5);
    expect(p2.items.map((o) => o.orderId)).not.toEqual(p1.items.map((o) => o.orderId));
  });

  it("an unknown order is not_found", async () => {
    const e = await failure(client.call("spotOrder", { orderId: "1" }));
    expect(e.kind).toBe("not_found");
  });
});

describe("orders (trade)", () => {
  it("places a contract order; the same client order id again is a business failure", async () => {
    const newClientOrderId = `it-${Date.now()}`;
    const params = { symbol: contractSymbol, side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.01", newClientOrderId } as const;
    const first = await client.call("placeOrder", params);
    expect(first).toMatchObject({ success: true, clientOrderId: newClientOrderId });
    expect(first.orderId).toMatch(/^\d+$/);
    expect(businessFailure("placeOrder", first)).toBeNull();
    const again = await client.call("placeOrder", params);
    expect(again.success).toBe(false);
    expect(businessFailure("placeOrder", again)?.code).not.toBe("");
  });

  it("places a plan order and modifies it", async () => {
    const placed = await client.call("placeTpSl", {
      symbol: contractSymbol,
      clientOrderId: `it-tp-${Date.now()}`,
      planType: "profit_plan",
      triggerPrice: "1000000",
      size: "0.01",
      positionSide: "long",
    });
    expect(businessFailure("placeTpSl", placed)).toBeNull();
    const orderId = placed[0].orderId;
    expect(orderId).not.toBe("0");
    const modified = await client.call("modifyTpSl", { orderId, triggerPrice: "1100000" });
    expect(modified.code).toBe("00000");
    expect(businessFailure("modifyTpSl", modified)).toBeNull();
  });
});

describe("faults", () => {
  afterEach(() => sim.setFaults({}));

  it("a GET recovers from a burst of 5xx by retrying", async () => {
    sim.setFaults({ endpoints: ["coins"], error5xx: { next: 2, status: 503 } });
    const before = sim.stats().byEndpoint.coins ?? 0;
    expect((await client.call("coins", {})).length).toBeGreaterThan(0);
    expect((sim.stats().byEndpoint.coins ?? 0) - before).toBe(3);
  });

  it("a placement whose answer never comes is sent once and reported as maybe executed", async () => {
    sim.setFaults({ endpoints: ["placeOrder"], hang: { next: 1 } });
    const placed = sim.stats().ordersPlaced;
    const requests = sim.stats().byEndpoint.placeOrder ?? 0;
    const quick = new WeexClient({ spotBaseUrl: sim.url, contractBaseUrl: sim.url, credentials, timeoutMs: 300 });
    const newClientOrderId = `it-hang-${Date.now()}`;
    const e = await failure(quick.call("placeOrder", { symbol: contractSymbol, side: "SELL", positionSide: "SHORT", type: "MARKET", quantity: "0.01", newClientOrderId }));
    expect(e).toMatchObject({ kind: "timeout", maybeExecuted: true });
    expect(e.message).toContain(newClientOrderId);
    expect((sim.stats().byEndpoint.placeOrder ?? 0) - requests).toBe(1);
    expect(sim.stats().ordersPlaced - placed).toBe(1); // it did execute: hence "check before resending"
  });

  it("a placement answered with a broken body is not resent either", async () => {
    sim.setFaults({ endpoints: ["placeTpSl"], malformed: { next: 1 } });
    const requests = sim.stats().byEndpoint.placeTpSl ?? 0;
    const e = await failure(
      client.call("placeTpSl", { symbol: contractSymbol, clientOrderId: `it-mal-${Date.now()}`, planType: "loss_plan", triggerPrice: "1", size: "0.01", positionSide: "long" }),
    );
    expect(e).toMatchObject({ kind: "malformed", maybeExecuted: true });
    expect((sim.stats().byEndpoint.placeTpSl ?? 0) - requests).toBe(1);
  });
});

describe("failures", () => {
  it("invalid params send nothing", async () => {
    const before = sim.stats().requests;
    const e = await failure(client.call("allOrders", { symbol: spotSymbol, pageSize: 1001 }));
    expect(e.kind).toBe("validation");
    expect(e.issues?.[0].path.join(".")).toBe("pageSize");
    expect(sim.stats().requests).toBe(before);
  });

  it("a wrong secret is an upstream error with code -1047", async () => {
    const wrong = new WeexClient({ spotBaseUrl: sim.url, contractBaseUrl: sim.url, credentials: { ...credentials, apiSecret: "wrong" } });
    const e = await failure(wrong.call("invitees", {}));
    expect(e).toMatchObject({ kind: "upstream", upstream: { code: "-1047" } });
  });
});

describe("the contract order cap (about 50 a minute)", () => {
  it("the client refuses a placement over its cap without sending it; WEEX's own 429 says the order was not placed", async () => {
    const capped = await startSimulator({ port: 0, quiet: true, scale: 0.05, ordersPerMinute: 3 });
    try {
      const placements = () => capped.stats().byEndpoint.placeOrder ?? 0;
      const order = (n: number) => ({ symbol: contractSymbol, side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.01", newClientOrderId: `cap-${n}-${Date.now()}` }) as const;

      // This client keeps to 2 a minute: the third is refused here, with the wait until a slot frees.
      const mine = new WeexClient({ spotBaseUrl: capped.url, contractBaseUrl: capped.url, credentials, orderCap: { orders: 2, windowMs: 60_000 } });
      expect((await mine.call("placeOrder", order(1))).success).toBe(true);
      expect((await mine.call("placeOrder", order(2))).success).toBe(true);
      const local = await failure(mine.call("placeOrder", order(3)));
      expect(local.kind).toBe("rate_limited");
      expect(local.retryAfterMs).toBeGreaterThan(50_000);
      expect(local.retryAfterMs).toBeLessThanOrEqual(60_000);
      expect(local.message).toMatch(/not sent/);
      expect(placements()).toBe(2);

      // Another instance's client (its own count) meets WEEX's cap of 3: refused once, not resent.
      const theirs = new WeexClient({ spotBaseUrl: capped.url, contractBaseUrl: capped.url, credentials });
      expect((await theirs.call("placeOrder", order(4))).success).toBe(true);
      const upstream = await failure(theirs.call("placeOrder", order(5)));
      expect(upstream.kind).toBe("rate_limited");
      expect(upstream.upstream).toMatchObject({ status: 429, code: "-1003" });
      expect(upstream.message).toMatch(/not placed/);
      expect(upstream.maybeExecuted).toBeFalsy();
      expect(placements()).toBe(4); // sent once
      expect(capped.stats().ordersPlaced).toBe(3);
    } finally {
      await capped.close();
    }
  });
});
