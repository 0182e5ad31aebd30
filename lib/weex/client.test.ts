import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryBudget } from "./budget";
import { METHOD_MEMORY_MS, WeexClient, type WeexClientOptions } from "./client";
import { sign } from "./sign";
import { startStubServer, type StubServer } from "./stub-server";
import { failure, LIMIT_ORDER } from "./test-support";

// The client against a scripted local HTTP server: what goes over the wire is counted and checked.

const credentials = { apiKey: "key-main", apiSecret: "secret-main-XYZ", passphrase: "pass-main-XYZ" };
const tradeCredentials = { apiKey: "key-trade", apiSecret: "secret-trade-XYZ", passphrase: "pass-trade-XYZ" };

const order = LIMIT_ORDER;
/** A querySubChannelTransactions window: WEEX's production service answers only a bounded one. */
const WINDOW = { startTime: 1_764_460_800_000, endTime: 1_764_547_199_999 };
const spotOrder = {
  symbol: "BTCUSDT",
  orderId: 1,
  price: "1",
  origQty: "1",
  executedQty: "0",
  cummulativeQuoteQty: "0",
  status: "NEW",
  type: "LIMIT",
  side: "BUY",
  time: 1,
  updateTime: 1,
  isWorking: true,
};
const coins = [{ coin: "BTC", depositAllEnable: true, withdrawAllEnable: true, networkList: [] }];

let server: StubServer;
beforeAll(async () => {
  server = await startStubServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

function client(extra: Partial<WeexClientOptions> = {}) {
  return new WeexClient({ spotBaseUrl: server.url, contractBaseUrl: `${server.url}/`, credentials, retryBaseMs: 5, rateLimitPauseMs: 20, ...extra });
}


describe("signing and headers", () => {
  it("signs exactly the query that is sent", async () => {
    server.handle(() => ({ body: { items: [], total: 0 } }));
    await client().call("withdrawals", { coin: "USDT", pageSize: 200 });
    const [req] = server.requests;
    expect(req.url).toBe("/api/v3/rebate/affiliate/getInternalWithdrawalStatus?coin=USDT&page=1&pageSize=200");
    const ts = req.headers["access-timestamp"] as string;
    expect(ts).toMatch(/^\d{13}$/);
    expect(req.headers["access-key"]).toBe("key-main");
    expect(req.headers["access-passphrase"]).toBe("pass-main-XYZ");
    const [path, query] = req.url.split("?");
    expect(req.headers["access-sign"]).toBe(sign(credentials.apiSecret, ts, "GET", path, query, ""));
  });

  it("signs exactly the body that is sent, with Content-Type, using the trade key for orders", async () => {
    server.handle(() => ({ body: { orderId: "702345678901234567", clientOrderId: "dash-0001", success: true, errorCode: "", errorMessage: "" } }));
    const r = await client({ tradeCredentials }).call("placeOrder", order);
    expect(r).toMatchObject({ success: true, orderId: "702345678901234567" });
    const [req] = server.requests;
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/capi/v3/order");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.headers["access-key"]).toBe("key-trade");
    expect(req.headers["access-sign"]).toBe(sign(tradeCredentials.apiSecret, req.headers["access-timestamp"] as string, "POST", "/capi/v3/order", "", req.body));
    expect(JSON.parse(req.body)).toEqual(order);
  });

  it("falls back to the main key for trade endpoints", async () => {
    server.handle(() => ({ body: [{ success: true, orderId: 5 }] }));
    await client().call("placeTpSl", { symbol: "cmt_btcusdt", clientOrderId: "p1", planType: "loss_plan", triggerPrice: "1", size: "1", positionSide: "short" });
    expect(server.requests[0].headers["access-key"]).toBe("key-main");
  });

  it("sends public endpoints unsigned", async () => {
    server.handle(() => ({ body: coins }));
    await client().call("coins", {});
    expect(Object.keys(server.requests[0].headers).filter((h) => h.startsWith("access-"))).toEqual([]);
  });
});

describe("validation", () => {
  it("sends nothing for invalid params and names the fields", async () => {
    const e = await failure(client().call("placeOrder", { ...order, type: "LIMIT", price: undefined, quantity: "0" }));
    expect(e.kind).toBe("validation");
    expect(e.issues?.map((i) => i.path.join("."))).toEqual(["quantity", "price"]);
    expect(server.requests).toHaveLength(0);
  });

  it("sends no querySubChannelTransactions call without both startTime and endTime (WEEX's production service refuses it)", async () => {
    const e = await failure(client().call("subAffiliates", { productType: "SPOT" }));
    expect(e.kind).toBe("validation");
    expect(e.issues?.map((i) => i.path.join("."))).toEqual(["startTime", "endTime"]);
    expect((await failure(client().call("subAffiliates", { productType: "SPOT", startTime: WINDOW.startTime }))).issues?.map((i) => i.path.join("."))).toEqual(["endTime"]);
    expect(server.requests).toHaveLength(0);
  });
});

describe("no retry of POST", () => {
  it.each([
    ["a 503", () => ({ status: 503, body: "busy" })],
    ["a dropped connection", () => "drop" as const],
    ["a timeout", () => "hang" as const],
  ])("a placement that got %s is sent once and may have been executed", async (_name, answer) => {
    server.handle(answer);
    const e = await failure(client({ timeoutMs: 150 }).call("placeOrder", order));
    expect(server.requests).toHaveLength(1);
    expect(e.maybeExecuted).toBe(true);
    expect(e.message).toMatch(/check .*"dash-0001".* same client order id/);
    expect(["unavailable", "timeout"]).toContain(e.kind);
  });

  it("a plan order modification that timed out says the change may have been applied", async () => {
    server.handle(() => "hang");
    const e = await failure(client({ timeoutMs: 100 }).call("modifyTpSl", { orderId: "702345678901234567", triggerPrice: "1" }));
    expect(server.requests).toHaveLength(1);
    expect(e).toMatchObject({ kind: "timeout", maybeExecuted: true });
    expect(e.message).toMatch(/702345678901234567/);
  });

  it("querySubChannelTransactions is a POST too: not retried (but not an order)", async () => {
    server.handle(() => ({ status: 502, body: "bad gateway" }));
    const e = await failure(client().call("subAffiliates", { productType: "SPOT", ...WINDOW }));
    expect(server.requests).toHaveLength(1);
    expect(e.kind).toBe("unavailable");
    expect(e.maybeExecuted).toBeUndefined();
  });

  it("remembers for ten minutes the method WEEX accepted after a -1150, then tries the documented one again", async () => {
    server.handle((req) =>
      req.method === "POST" ? { status: 400, body: { code: -1150, msg: "Request method not supported" } } : { body: { records: [] } },
    );
    let t = 1_700_000_000_000;
    const warnings: string[] = [];
    const logger = { info: () => {}, warn: (_o: object, msg?: string) => void warnings.push(msg ?? ""), error: () => {} };
    const c = client({ now: () => t, logger });
    for (let i = 0; i < 3; i++) await c.call("subAffiliates", { productType: "SPOT", ...WINDOW });
    expect(server.requests.map((r) => r.method)).toEqual(["POST", "GET", "GET", "GET"]);
    expect(warnings.filter((w) => w.includes("-1150"))).toHaveLength(1);

    t += METHOD_MEMORY_MS;
    await c.call("subAffiliates", { productType: "SPOT", ...WINDOW });
    expect(server.requests.map((r) => r.method).slice(4)).toEqual(["POST", "GET"]);
  });

  it("asks the documented method again at once when the remembered one is refused (WEEX went back)", async () => {
    let fixed = false;
    server.handle((req) =>
      req.method === (fixed ? "GET" : "POST")
        ? fixed
          ? { status: 404, body: { code: 404, msg: "No such endpoint" } }
          : { status: 400, body: { code: -1150, msg: "Request method not supported" } }
        : { body: { records: [] } },
    );
    const c = client();
    await c.call("subAffiliates", { productType: "SPOT", ...WINDOW });
    fixed = true;
    await c.call("subAffiliates", { productType: "SPOT", ...WINDOW });
    await c.call("subAffiliates", { productType: "SPOT", ...WINDOW });
    expect(server.requests.map((r) => r.method)).toEqual(["POST", "GET", "GET", "POST", "POST"]);
  });

  it("an unreachable host is reported as never sent", async () => {
    const gone = await startStubServer();
    await gone.close(); // nothing listens on its port any more: connection refused
    const e = await failure(new WeexClient({ spotBaseUrl: gone.url, contractBaseUrl: gone.url, credentials }).call("placeOrder", order));
    expect(e.kind).toBe("unavailable");
    expect(e.maybeExecuted).toBeUndefined();
  });
});

describe("GET retries", () => {
  it("retries 5xx and then succeeds, re-signing each attempt", async () => {
    server.handle((_req, i) => (i < 2 ? { status: 503, body: "down" } : { body: spotOrder }));
    const r = await client().call("spotOrder", { orderId: "1" });
    expect(r.orderId).toBe("1");
    expect(server.requests).toHaveLength(3);
    for (const req of server.requests) {
      const [path, query] = req.url.split("?");
      expect(req.headers["access-sign"]).toBe(sign(credentials.apiSecret, req.headers["access-timestamp"] as string, "GET", path, query, ""));
    }
  });

  it("retries a dropped connection", async () => {
    server.handle((_req, i) => (i === 0 ? "drop" : { body: spotOrder }));
    await client().call("spotOrder", { orderId: "1" });
    expect(server.requests).toHaveLength(2);
  });

  it("after a 429 pauses the budget, then retries", async () => {
    const budget = new MemoryBudget();
    const pause = vi.spyOn(budget, "pause");
    server.handle((_req, i) => (i === 0 ? { status: 429, body: "", headers: { "x-used-weight-ip": "512" } } : { body: coins }));
    const started = Date.now();
    await client({ budget }).call("coins", {});
    expect(server.requests).toHaveLength(2);
    expect(pause).toHaveBeenCalledTimes(1);
    expect(pause.mock.calls[0][0]).toBeGreaterThanOrEqual(started + 10);
  });

  it("gives up after `retries` extra attempts with the last error", async () => {
    server.handle(() => ({ status: 500, body: '{"code":-1000,"msg":"internal"}' }));
    const e = await failure(client().call("coins", {}));
    expect(server.requests).toHaveLength(3);
    expect(e).toMatchObject({ kind: "unavailable", upstream: { status: 500, code: "-1000" } });
    server.requests.length = 0;
    await failure(client({ retries: 0 }).call("coins", {}));
    expect(server.requests).toHaveLength(1);
  });

  it("does not retry 4xx errors or malformed bodies", async () => {
    server.handle(() => ({ status: 400, body: '{"code":-1140,"msg":"Either orderId or origClientOrderId must be sent."}' }));
    expect(await failure(client().call("spotOrder", { orderId: "1" }))).toMatchObject({ kind: "upstream", upstream: { code: "-1140" } });
    server.handle(() => ({ body: "{not json" }));
    expect((await failure(client().call("spotOrder", { orderId: "1" }))).kind).toBe("malformed");
    expect(server.requests).toHaveLength(2);
  });

  it("times out each attempt → kind timeout → 504", async () => {
    server.handle(() => "hang");
    const started = Date.now();
    const e = await failure(client({ timeoutMs: 100, retries: 1 }).call("coins", {}));
    expect(e.kind).toBe("timeout");
    expect(e.maybeExecuted).toBeUndefined();
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("stops at once when the caller aborts", async () => {
    server.handle(() => "hang");
    const ctrl = new AbortController();
    setTimeout(() => ctrl.abort(new Error("caller left")), 50);
    await expect(client({ timeoutMs: 5000 }).call("coins", {}, { signal: ctrl.signal })).rejects.toThrow("caller left");
    expect(server.requests).toHaveLength(1);
  });
});

describe("budget", () => {
  it("fails rate_limited without sending when the weight cannot be had in time", async () => {
    server.handle(() => ({ body: coins }));
    const c = client({ budget: new MemoryBudget({ ipPer10s: 8, uidPer10s: 8 }) });
    await c.call("coins", {});
    const e = await failure(c.call("coins", {}, { budgetWaitMs: 50 }));
    expect(e.kind).toBe("rate_limited");
    expect(e.retryAfterMs).toBeGreaterThan(9000);
    expect(server.requests).toHaveLength(1);
  });

  it("counts only placements that reach WEEX against the order cap", async () => {
    const placed = { orderId: "1", clientOrderId: "dash-0001", success: true, errorCode: "", errorMessage: "" };
    const cap = { orders: 2, windowMs: 60_000 };
    // No weight to be had: nothing is sent, and no slot is used up.
    const starved = client({ orderCap: cap, budget: new MemoryBudget({ ipPer10s: 1, uidPer10s: 1 }) });
    for (let i = 0; i < 3; i++) expect((await failure(starved.call("placeOrder", order, { budgetWaitMs: 10 }))).message).toMatch(/budget/i);
    // Refused by WEEX (429) or never delivered (connection refused): not counted either.
    const c = client({ orderCap: cap, rateLimitPauseMs: 1 });
    server.handle(() => ({ status: 429, body: { code: -1003, msg: "Too many requests" } }));
    const refused = await failure(c.call("placeOrder", order));
    expect(refused).toMatchObject({ kind: "rate_limited", message: expect.stringMatching(/not placed/) });
    expect(refused.maybeExecuted).toBeFalsy();
    server.handle(() => ({ body: placed }));
    await c.call("placeOrder", order);
    await c.call("placeOrder", order);
    const third = await failure(c.call("placeOrder", order));
    expect(third).toMatchObject({ kind: "rate_limited", message: expect.stringMatching(/not sent/) });
    expect(third.retryAfterMs).toBeGreaterThan(59_000);
    expect(server.requests).toHaveLength(3);
  });

  it("holds the weight for a window after a slow answer, not just after sending", async () => {
    // One exchangeInfo (20) fills this budget; its answer takes 300 ms.
    const c = client({ budget: new MemoryBudget({ ipPer10s: 20, uidPer10s: 20, windowMs: 400, marginMs: 0 }) });
    server.handle(() => ({ body: { symbols: [] }, delayMs: 300 }));
    await c.call("exchangeInfo", {});
    const answered = Date.now();
    server.handle(() => ({ body: { symbols: [] } }));
    await c.call("exchangeInfo", {});
    // Held from the send only, the second could have gone ~100 ms after the answer.
    expect(server.requests[1].at - answered).toBeGreaterThanOrEqual(390);
  });

  it("charges the endpoint's weights to the key that signs", async () => {
    server.handle((req) => (req.url.startsWith("/capi") ? { body: { success: true, orderId: 1, clientOrderId: "dash-0001" } } : { body: spotOrder }));
    const budget = new MemoryBudget();
    const c = client({ budget, tradeCredentials });
    await c.call("spotOrder", { orderId: "1" });
    await c.call("placeOrder", order);
    expect(await budget.usage()).toMatchObject({ ip: 4, uid: { "key-main": 2, "key-trade": 5 } });
  });
});

describe("list and logging", () => {
  it("list() maps paging both ways", async () => {
    server.handle(() => ({ body: [spotOrder, spotOrder] }));
    const page = await client().list("allOrders", { symbol: "BTCUSDT", page: 2, pageSize: 2 });
    expect(server.requests[0].url).toBe("/api/v3/allOrders?symbol=BTCUSDT&page=2&limit=2");
    expect(page).toMatchObject({ page: 2, pageSize: 2, total: null, pages: null, hasNextPage: true });
    expect(page.items).toHaveLength(2);
  });

  it("logs method, path, status, duration and attempt, never a secret, passphrase or signature", async () => {
    const lines: object[] = [];
    const logger = { info: (o: object) => lines.push(o), warn: (o: object) => lines.push(o), error: (o: object) => lines.push(o) };
    server.handle((_req, i) => (i === 0 ? { status: 503, body: "" } : { body: { items: [] } }));
    await client({ logger }).call("withdrawals", {});
    expect(lines.at(-1)).toMatchObject({ method: "GET", path: "/api/v3/rebate/affiliate/getInternalWithdrawalStatus", status: 200, attempt: 2 });
    expect(lines.at(-1)).toHaveProperty("durationMs");
    const text = JSON.stringify(lines);
    const signature = server.requests[1].headers["access-sign"] as string;
    for (const secret of [credentials.apiSecret, credentials.passphrase, signature, "ACCESS-"]) expect(text).not.toContain(secret);
  });
});
