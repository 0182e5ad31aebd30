/**
 * Every rule of the interface document, through HTTP, on both sides of each bound: the bad
 * side answers 400 validation_error naming the field and makes NO upstream request (the
 * simulator's request counter does not move); the good side goes through.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, clientOrderId, login, simStats } from "./helpers";
import { DAY_MS } from "../../lib/time/calendar";

let trader = "";
let planOrderId = "";

beforeAll(async () => {
  trader = await login("trader");
  const plan = await api<{ orderId: string }[]>("/api/contract/plan-orders", {
    cookie: trader,
    patient: true,
    method: "POST",
    body: { symbol: "cmt_btcusdt", clientOrderId: clientOrderId("v"), planType: "loss_plan", triggerPrice: "50000", size: "0.01", positionSide: "long" },
  });
  planOrderId = plan.json[0]!.orderId;
});

interface Req {
  method?: "GET" | "POST" | "PATCH";
  path: string;
  body?: unknown;
}

async function send(r: Req) {
  // patient: the good sides cost upstream weight, and the budget is shared with other files
  return api<{ error?: { code: string; fields?: { path: string; message: string }[] } }>(r.path, { cookie: trader, method: r.method ?? "GET", body: r.body, patient: true });
}

/** 400 naming `field`, and the simulator saw no request at all. */
async function expectRejected(r: Req, field: string) {
  const before = (await simStats()).requests;
  const res = await send(r);
  expect(res.status, `${r.method ?? "GET"} ${r.path} ${JSON.stringify(r.body ?? "")}: ${res.text}`).toBe(400);
  expect(res.json.error?.code).toBe("validation_error");
  expect(res.json.error?.fields?.map((f) => f.path), res.text).toContain(field);
  expect((await simStats()).requests, "an invalid request reached the upstream").toBe(before);
}

/** Passes validation: reaches the upstream (the counter moves) and is answered. */
async function expectAccepted(r: Req, statuses = [200]) {
  const before = (await simStats()).requests;
  const res = await send(r);
  expect(statuses, `${r.method ?? "GET"} ${r.path} ${JSON.stringify(r.body ?? "")}: ${res.status} ${res.text.slice(0, 300)}`).toContain(res.status);
  expect((await simStats()).requests).toBeGreaterThan(before);
  return res;
}

const now = Date.now();

describe("contract order (POST /api/contract/orders)", () => {
  const order = (over: Record<string, unknown> = {}) => ({
    method: "POST" as const,
    path: "/api/contract/orders",
    body: { symbol: "cmt_btcusdt", side: "BUY", positionSide: "LONG", type: "LIMIT", timeInForce: "GTC", quantity: "0.01", price: "60000", newClientOrderId: clientOrderId("v"), ...over },
  });
  const without = (field: string, over: Record<string, unknown> = {}) => {
    const r = order(over);
    delete (r.body as Record<string, unknown>)[field];
    return r;
  };

  it("requires symbol, side, positionSide, type, quantity, newClientOrderId", async () => {
    for (const f of ["symbol", "side", "positionSide", "type", "quantity", "newClientOrderId"]) await expectRejected(without(f), f);
  });

  it("accepts only the documented enums (upper-case LONG/SHORT on the v3 order)", async () => {
    await expectRejected(order({ side: "HOLD" }), "side");
    await expectRejected(order({ side: "buy" }), "side");
    await expectRejected(order({ positionSide: "long" }), "positionSide");
    await expectRejected(order({ type: "STOP" }), "type");
    await expectRejected(order({ timeInForce: "DAY" }), "timeInForce");
    await expectAccepted(order({ side: "SELL", positionSide: "SHORT", timeInForce: "IOC" }));
  });

  it("needs timeInForce and price for LIMIT, not for MARKET", async () => {
    await expectRejected(without("timeInForce"), "timeInForce");
    await expectRejected(without("price"), "price");
    const market = without("price", { type: "MARKET" });
    delete (market.body as Record<string, unknown>).timeInForce;
    await expectAccepted(market);
  });

  it("wants a decimal string quantity greater than 0", async () => {
    await expectRejected(order({ quantity: "0" }), "quantity");
    await expectRejected(order({ quantity: "-0.01" }), "quantity");
    await expectRejected(order({ quantity: 0.01 }), "quantity");
    await expectRejected(order({ quantity: "1e-2" }), "quantity");
    await expectAccepted(order({ quantity: "0.0001" }));
  });

  it("limits newClientOrderId to 1-36 of letters, digits and . : / _ -", async () => {
    await expectRejected(order({ newClientOrderId: "" }), "newClientOrderId");
    await expectRejected(order({ newClientOrderId: "x".repeat(37) }), "newClientOrderId");
    await expectRejected(order({ newClientOrderId: "has space" }), "newClientOrderId");
    await expectRejected(order({ newClientOrderId: "hash#1" }), "newClientOrderId");
    const id36 = `a.b:c/d_e-${Date.now().toString(36)}`.padEnd(36, "Z");
    expect(id36).toHaveLength(36);
    await expectAccepted(order({ newClientOrderId: id36 }));
  });

  it("accepts TpWorkingType/SlWorkingType (capital T and S) with CONTRACT_PRICE or MARK_PRICE only", async () => {
    await expectRejected(order({ TpWorkingType: "LAST_PRICE" }), "TpWorkingType");
    await expectRejected(order({ SlWorkingType: "INDEX" }), "SlWorkingType");
    await expectRejected(order({ tpWorkingType: "MARK_PRICE" }), "tpWorkingType");
    await expectRejected(order({ tpTriggerPrice: "0" }), "tpTriggerPrice");
    await expectAccepted(order({ tpTriggerPrice: "70000", slTriggerPrice: "50000", TpWorkingType: "MARK_PRICE", SlWorkingType: "CONTRACT_PRICE" }));
  });

  it("names unknown fields", async () => {
    await expectRejected(order({ leverage: "10" }), "leverage");
  });
});

describe("plan order (POST /api/contract/plan-orders)", () => {
  const plan = (over: Record<string, unknown> = {}) => ({
    method: "POST" as const,
    path: "/api/contract/plan-orders",
    body: { symbol: "cmt_btcusdt", clientOrderId: clientOrderId("p"), planType: "profit_plan", triggerPrice: "90000", size: "0.01", positionSide: "long", ...over },
  });

  it("limits clientOrderId to 40 characters", async () => {
    await expectRejected(plan({ clientOrderId: "c".repeat(41) }), "clientOrderId");
    await expectRejected(plan({ clientOrderId: "" }), "clientOrderId");
    await expectAccepted(plan({ clientOrderId: `${Date.now()}`.padEnd(40, "c") }));
  });

  it("takes planType profit_plan|loss_plan and lower-case positionSide", async () => {
    await expectRejected(plan({ planType: "take_profit" }), "planType");
    await expectRejected(plan({ positionSide: "LONG" }), "positionSide");
    await expectAccepted(plan({ planType: "loss_plan", positionSide: "short", triggerPrice: "99000" }));
  });

  it("requires triggerPrice and size greater than 0; executePrice may be 0 (market)", async () => {
    await expectRejected(plan({ triggerPrice: undefined }), "triggerPrice");
    await expectRejected(plan({ triggerPrice: "0" }), "triggerPrice");
    await expectRejected(plan({ size: "0" }), "size");
    await expectRejected(plan({ executePrice: "-1" }), "executePrice");
    await expectAccepted(plan({ executePrice: "0" }));
  });

  it("takes marginMode 1 or 3 only", async () => {
    await expectRejected(plan({ marginMode: 2 }), "marginMode");
    await expectRejected(plan({ marginMode: "1" }), "marginMode");
    await expectAccepted(plan({ marginMode: 3 }));
  });
});

describe("plan order modification (PATCH /api/contract/plan-orders/{orderId})", () => {
  const modify = (id: string, body: Record<string, unknown>) => ({ method: "PATCH" as const, path: `/api/contract/plan-orders/${id}`, body });

  it("needs a numeric order id in the path and a triggerPrice", async () => {
    await expectRejected(modify("abc", { triggerPrice: "91000" }), "orderId");
    await expectRejected(modify(planOrderId, {}), "triggerPrice");
    await expectRejected(modify(planOrderId, { triggerPrice: "0" }), "triggerPrice");
  });

  it("takes triggerPriceType 1 or 3 only", async () => {
    await expectRejected(modify(planOrderId, { triggerPrice: "91000", triggerPriceType: 2 }), "triggerPriceType");
    const res = await expectAccepted(modify(planOrderId, { triggerPrice: "91000", executePrice: "0", triggerPriceType: 3 }));
    expect(res.json).toMatchObject({ code: "00000" });
  });
});

describe("spot order queries", () => {
  it("GET /api/spot/order needs orderId or origClientOrderId", async () => {
    await expectRejected({ path: "/api/spot/order" }, "orderId");
    await expectRejected({ path: "/api/spot/order?orderId=12x" }, "orderId");
    // passes validation; the simulator does not know it: 404
    const res = await expectAccepted({ path: "/api/spot/order?origClientOrderId=no-such-order" }, [404]);
    expect(res.json).toMatchObject({ error: { code: "not_found" } });
  });

  it("GET /api/spot/orders needs a symbol, endTime ≥ startTime, pageSize ≤ 1000", async () => {
    const t = now - DAY_MS;
    await expectRejected({ path: "/api/spot/orders" }, "symbol");
    await expectRejected({ path: `/api/spot/orders?symbol=BTCUSDT&startTime=${t}&endTime=${t - 1}` }, "endTime");
    await expectAccepted({ path: `/api/spot/orders?symbol=BTCUSDT&startTime=${t}&endTime=${t}` });
    await expectRejected({ path: "/api/spot/orders?symbol=BTCUSDT&pageSize=1001" }, "pageSize");
    await expectRejected({ path: "/api/spot/orders?symbol=BTCUSDT&pageSize=0" }, "pageSize");
    await expectRejected({ path: "/api/spot/orders?symbol=BTCUSDT&page=0" }, "page");
    const res = await expectAccepted({ path: "/api/spot/orders?symbol=BTCUSDT&pageSize=1000" });
    expect(res.json).toMatchObject({ page: 1, pageSize: 1000 });
  });
});

describe("affiliate queries", () => {
  it("internal transfers: past month only, pageSize ≤ 200, account types SPOT|FUND", async () => {
    await expectRejected({ path: `/api/affiliate/withdrawals?startTime=${now - 31 * DAY_MS}` }, "startTime");
    await expectRejected({ path: "/api/affiliate/withdrawals?pageSize=201" }, "pageSize");
    await expectRejected({ path: "/api/affiliate/withdrawals?fromAccountType=MARGIN" }, "fromAccountType");
    await expectRejected({ path: "/api/affiliate/withdrawals?toAccountType=spot" }, "toAccountType");
    await expectRejected({ path: `/api/affiliate/withdrawals?startTime=${now - DAY_MS}&endTime=${now - 2 * DAY_MS}` }, "endTime");
    // one request for all the good sides: this endpoint costs 100 of the 500 weight per 10 s
    await expectAccepted({ path: `/api/affiliate/withdrawals?startTime=${now - 29 * DAY_MS}&endTime=${now}&pageSize=200&fromAccountType=FUND&toAccountType=FUND` });
  });

  it("invited users: start within a year, at most 90 days per query", async () => {
    await expectRejected({ path: `/api/affiliate/invitees?startTime=${now - 366 * DAY_MS}&endTime=${now - 300 * DAY_MS}` }, "startTime");
    await expectRejected({ path: `/api/affiliate/invitees?startTime=${now - 100 * DAY_MS}&endTime=${now - 9 * DAY_MS}` }, "endTime");
    await expectRejected({ path: "/api/affiliate/invitees?uid=abc" }, "uid");
    await expectAccepted({ path: `/api/affiliate/invitees?startTime=${now - 364 * DAY_MS}&endTime=${now - 274 * DAY_MS}` });
  });

  it("sub-affiliates: productType SPOT|FUTURES required, pageSize ≤ 100", async () => {
    await expectRejected({ path: "/api/affiliate/sub-affiliates" }, "productType");
    await expectRejected({ path: "/api/affiliate/sub-affiliates?productType=OPTIONS" }, "productType");
    await expectRejected({ path: "/api/affiliate/sub-affiliates?productType=SPOT&pageSize=101" }, "pageSize");
    await expectRejected({ path: "/api/affiliate/sub-affiliates?productType=SPOT&subUid=x1" }, "subUid");
    await expectAccepted({ path: "/api/affiliate/sub-affiliates?productType=FUTURES&pageSize=100" });
  });
});

describe("reference data", () => {
  it("exchangeInfo: symbol xor symbols, symbolStatus only TRADING", async () => {
    await expectRejected({ path: "/api/reference/symbols?symbol=BTCUSDT&symbols=ETHUSDT" }, "symbols");
    await expectRejected({ path: "/api/reference/symbols?symbolStatus=HALT" }, "symbolStatus");
    // (the good side may be served from the server's cache, so only the answer is checked)
    const res = await send({ path: "/api/reference/symbols?symbols=BTCUSDT,ETHUSDT&symbolStatus=TRADING" });
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    const list = (res.json as unknown as { symbols: { symbol: string }[] }).symbols.map((s) => s.symbol).sort();
    expect(list).toEqual(["BTCUSDT", "ETHUSDT"]);
  });
});

describe("the request itself", () => {
  it("rejects a repeated query key, a body that is not JSON, and a non-JSON content type", async () => {
    await expectRejected({ path: "/api/spot/orders?symbol=BTCUSDT&symbol=ETHUSDT" }, "symbol");
    await expectRejected({ method: "POST", path: "/api/contract/orders", body: "{not json" }, "(body)");
    const before = (await simStats()).requests;
    const res = await api("/api/contract/orders", {
      cookie: trader,
      method: "POST",
      body: "symbol=cmt_btcusdt",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(400);
    expect((await simStats()).requests).toBe(before);
  });

  it("treats __proto__ and constructor as unknown fields, never as a prototype", async () => {
    await expectRejected(
      { method: "POST", path: "/api/contract/orders", body: `{"__proto__":{"admin":true},"symbol":"cmt_btcusdt"}` },
      "__proto__",
    );
    await expectRejected({ method: "POST", path: "/api/contract/plan-orders", body: `{"symbol":"x","nested":{"constructor":{"prototype":1}}}` }, "nested");
    await expectRejected({ path: "/api/spot/orders?symbol=BTCUSDT&constructor=x" }, "constructor");
    // Next itself drops a `__proto__` query key before any route code runs: the request is
    // the same as without it (nothing reaches a prototype).
    const plain = await send({ path: "/api/spot/orders?symbol=BTCUSDT&pageSize=2" });
    const proto = await send({ path: "/api/spot/orders?symbol=BTCUSDT&pageSize=2&__proto__=x" });
    expect(proto.status).toBe(plain.status);
    expect(proto.text).toBe(plain.text);
  });
});
