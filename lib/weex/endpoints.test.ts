import { describe, expect, it } from "vitest";
import { requestSchema } from "./codec";
import { DAY_MS, ENDPOINTS, type EndpointKey } from "./endpoints";
import { LIMIT_ORDER } from "./test-support";
import { eachKeyNamed } from "./wire";

// Every request rule of the interface document, on both sides of each bound. Each rejection
// must name the field a person has to fix.

/** The distinct field paths a request is rejected for ([] = accepted). */
function rejected(key: EndpointKey, params: Record<string, unknown>): string[] {
  const r = requestSchema(ENDPOINTS[key]).safeParse(params);
  return r.success ? [] : [...new Set(eachKeyNamed(r.error.issues).map((i) => i.path.join(".")))];
}

const now = Date.now();
const order = LIMIT_ORDER;
const plan = {
  symbol: "cmt_btcusdt",
  clientOrderId: "tp-1",
  planType: "profit_plan",
  triggerPrice: "70000",
  size: "0.01",
  positionSide: "long",
};

describe("placeOrder (POST /capi/v3/order)", () => {
  it("accepts a LIMIT order with price and timeInForce, and a MARKET order without", () => {
    expect(rejected("placeOrder", order)).toEqual([]);
    const { price: _p, timeInForce: _t, ...market } = order;
    expect(rejected("placeOrder", { ...market, type: "MARKET" })).toEqual([]);
  });
  it("LIMIT needs price and timeInForce", () => {
    const { price: _p, timeInForce: _t, ...noPrice } = order;
    expect(rejected("placeOrder", noPrice)).toEqual(["timeInForce", "price"]);
    expect(rejected("placeOrder", { ...order, timeInForce: undefined })).toEqual(["timeInForce"]);
    expect(rejected("placeOrder", { ...order, timeInForce: "DAY" })).toEqual(["timeInForce"]);
  });
  it("upper-case LONG/SHORT only, BUY/SELL, LIMIT/MARKET", () => {
    expect(rejected("placeOrder", { ...order, positionSide: "SHORT" })).toEqual([]);
    expect(rejected("placeOrder", { ...order, positionSide: "long" })).toEqual(["positionSide"]);
    expect(rejected("placeOrder", { ...order, side: "buy" })).toEqual(["side"]);
    expect(rejected("placeOrder", { ...order, type: "STOP" })).toEqual(["type"]);
  });
  it("quantity and price are decimal strings greater than 0", () => {
    expect(rejected("placeOrder", { ...order, quantity: "0.00000001" })).toEqual([]);
    expect(rejected("placeOrder", { ...order, quantity: "0" })).toEqual(["quantity"]);
    expect(rejected("placeOrder", { ...order, quantity: "0.000" })).toEqual(["quantity"]);
    expect(rejected("placeOrder", { ...order, quantity: "-1" })).toEqual(["quantity"]);
    expect(rejected("placeOrder", { ...order, quantity: "1e3" })).toEqual(["quantity"]);
    expect(rejected("placeOrder", { ...order, quantity: 0.01 })).toEqual(["quantity"]);
    expect(rejected("placeOrder", { ...order, price: "0" })).toEqual(["price"]);
    expect(rejected("placeOrder", { ...order, tpTriggerPrice: "0" })).toEqual(["tpTriggerPrice"]);
  });
  it("newClientOrderId is 1-36 of [.A-Za-z0-9:/_-]", () => {
    expect(rejected("placeOrder", { ...order, newClientOrderId: "a" })).toEqual([]);
    expect(rejected("placeOrder", { ...order, newClientOrderId: "x".repeat(36) })).toEqual([]);
    expect(rejected("placeOrder", { ...order, newClientOrderId: "A.z:0/9_-" })).toEqual([]);
    expect(rejected("placeOrder", { ...order, newClientOrderId: "x".repeat(37) })).toEqual(["newClientOrderId"]);
    expect(rejected("placeOrder", { ...order, newClientOrderId: "" })).toEqual(["newClientOrderId"]);
    for (const bad of ["a b", "a#b", "é", "a+b"]) {
      expect(rejected("placeOrder", { ...order, newClientOrderId: bad })).toEqual(["newClientOrderId"]);
    }
    const { newClientOrderId: _n, ...missing } = order;
    expect(rejected("placeOrder", missing)).toEqual(["newClientOrderId"]);
  });
  it("TpWorkingType / SlWorkingType (capital T and S) take CONTRACT_PRICE or MARK_PRICE", () => {
    expect(rejected("placeOrder", { ...order, TpWorkingType: "MARK_PRICE", SlWorkingType: "CONTRACT_PRICE" })).toEqual([]);
    expect(rejected("placeOrder", { ...order, TpWorkingType: "LAST" })).toEqual(["TpWorkingType"]);
    expect(rejected("placeOrder", { ...order, tpWorkingType: "MARK_PRICE" })).toEqual(["tpWorkingType"]);
  });
});

describe("exchangeInfo", () => {
  it("symbol xor symbols", () => {
    expect(rejected("exchangeInfo", {})).toEqual([]);
    expect(rejected("exchangeInfo", { symbol: "BTCUSDT" })).toEqual([]);
    expect(rejected("exchangeInfo", { symbols: "BTCUSDT,ETHUSDT" })).toEqual([]);
    expect(rejected("exchangeInfo", { symbols: ["BTCUSDT", "ETHUSDT"] })).toEqual([]);
    expect(rejected("exchangeInfo", { symbol: "BTCUSDT", symbols: "ETHUSDT" })).toEqual(["symbols"]);
    expect(rejected("exchangeInfo", { symbols: "," })).toEqual(["symbols"]);
  });
  it("symbolStatus accepts only TRADING", () => {
    expect(rejected("exchangeInfo", { symbolStatus: "TRADING" })).toEqual([]);
    expect(rejected("exchangeInfo", { symbolStatus: "BREAK" })).toEqual(["symbolStatus"]);
    expect(rejected("exchangeInfo", { symbolStatus: "trading" })).toEqual(["symbolStatus"]);
  });
});

describe("withdrawals (getInternalWithdrawalStatus)", () => {
  it("pageSize 1..200, page from 1", () => {
    expect(rejected("withdrawals", { pageSize: 200, page: 1 })).toEqual([]);
    expect(rejected("withdrawals", { pageSize: "200" })).toEqual([]);
    expect(rejected("withdrawals", { pageSize: 201 })).toEqual(["pageSize"]);
    expect(rejected("withdrawals", { pageSize: 0 })).toEqual(["pageSize"]);
    expect(rejected("withdrawals", { page: 0 })).toEqual(["page"]);
    expect(rejected("withdrawals", { page: "1.5" })).toEqual(["page"]);
  });
  it("only the past 30 days", () => {
    expect(rejected("withdrawals", { startTime: now - 29 * DAY_MS, endTime: now })).toEqual([]);
    expect(rejected("withdrawals", { startTime: now - 31 * DAY_MS })).toEqual(["startTime"]);
    expect(rejected("withdrawals", { endTime: now - 31 * DAY_MS })).toEqual(["endTime"]);
  });
  it("endTime >= startTime", () => {
    expect(rejected("withdrawals", { startTime: now - DAY_MS, endTime: now - DAY_MS })).toEqual([]);
    expect(rejected("withdrawals", { startTime: now - DAY_MS, endTime: now - DAY_MS - 1 })).toEqual(["endTime"]);
  });
  it("account types SPOT or FUND", () => {
    expect(rejected("withdrawals", { fromAccountType: "FUND", toAccountType: "SPOT" })).toEqual([]);
    expect(rejected("withdrawals", { fromAccountType: "MARGIN" })).toEqual(["fromAccountType"]);
  });
});

describe("subAffiliates (querySubChannelTransactions)", () => {
  it("productType is required: SPOT or FUTURES", () => {
    expect(rejected("subAffiliates", { productType: "SPOT" })).toEqual([]);
    expect(rejected("subAffiliates", { productType: "FUTURES" })).toEqual([]);
    expect(rejected("subAffiliates", {})).toEqual(["productType"]);
    expect(rejected("subAffiliates", { productType: "MARGIN" })).toEqual(["productType"]);
  });
  it("pageSize <= 100, subUid digits, endTime >= startTime", () => {
    expect(rejected("subAffiliates", { productType: "SPOT", pageSize: 100, subUid: "702345678901234567" })).toEqual([]);
    expect(rejected("subAffiliates", { productType: "SPOT", pageSize: 101 })).toEqual(["pageSize"]);
    expect(rejected("subAffiliates", { productType: "SPOT", subUid: "12a" })).toEqual(["subUid"]);
    expect(rejected("subAffiliates", { productType: "SPOT", startTime: 2000, endTime: 1000 })).toEqual(["endTime"]);
  });
});

describe("invitees (getAffiliateUIDs)", () => {
  it("startTime within 365 days", () => {
    expect(rejected("invitees", { startTime: now - 364 * DAY_MS, endTime: now - 300 * DAY_MS })).toEqual([]);
    expect(rejected("invitees", { startTime: now - 366 * DAY_MS })).toEqual(["startTime"]);
  });
  it("one query spans at most 90 days", () => {
    const start = now - 100 * DAY_MS;
    expect(rejected("invitees", { startTime: start, endTime: start + 90 * DAY_MS })).toEqual([]);
    expect(rejected("invitees", { startTime: start, endTime: start + 90 * DAY_MS + 1 })).toEqual(["endTime"]);
    expect(rejected("invitees", { startTime: start, endTime: start - 1 })).toEqual(["endTime"]);
  });
  it("pageSize <= 100, uid digits", () => {
    expect(rejected("invitees", { pageSize: 100, uid: 123 })).toEqual([]);
    expect(rejected("invitees", { pageSize: 101 })).toEqual(["pageSize"]);
    expect(rejected("invitees", { uid: "-5" })).toEqual(["uid"]);
  });
});

describe("placeTpSl (placeTpSlOrder)", () => {
  it("accepts a plan order", () => {
    expect(rejected("placeTpSl", plan)).toEqual([]);
    expect(rejected("placeTpSl", { ...plan, planType: "loss_plan", positionSide: "short", executePrice: "0", marginMode: 3 })).toEqual([]);
  });
  it("clientOrderId at most 40 characters", () => {
    expect(rejected("placeTpSl", { ...plan, clientOrderId: "x".repeat(40) })).toEqual([]);
    expect(rejected("placeTpSl", { ...plan, clientOrderId: "x".repeat(41) })).toEqual(["clientOrderId"]);
    expect(rejected("placeTpSl", { ...plan, clientOrderId: "" })).toEqual(["clientOrderId"]);
  });
  it("lower-case long/short, profit_plan/loss_plan, marginMode 1 or 3", () => {
    expect(rejected("placeTpSl", { ...plan, positionSide: "LONG" })).toEqual(["positionSide"]);
    expect(rejected("placeTpSl", { ...plan, planType: "PROFIT_PLAN" })).toEqual(["planType"]);
    expect(rejected("placeTpSl", { ...plan, marginMode: 2 })).toEqual(["marginMode"]);
  });
  it("triggerPrice and size > 0; executePrice may be 0", () => {
    expect(rejected("placeTpSl", { ...plan, triggerPrice: "0" })).toEqual(["triggerPrice"]);
    expect(rejected("placeTpSl", { ...plan, size: "0" })).toEqual(["size"]);
    expect(rejected("placeTpSl", { ...plan, executePrice: "-1" })).toEqual(["executePrice"]);
  });
});

describe("modifyTpSl (modifyTpSlOrder)", () => {
  it("orderId (Long, as digits) and triggerPrice > 0 are required; triggerPriceType 1 or 3", () => {
    expect(rejected("modifyTpSl", { orderId: "702345678901234567", triggerPrice: "1", triggerPriceType: 3 })).toEqual([]);
    expect(rejected("modifyTpSl", { triggerPrice: "1" })).toEqual(["orderId"]);
    expect(rejected("modifyTpSl", { orderId: "0", triggerPrice: "1" })).toEqual(["orderId"]);
    expect(rejected("modifyTpSl", { orderId: "1", triggerPrice: "0" })).toEqual(["triggerPrice"]);
    expect(rejected("modifyTpSl", { orderId: "1", triggerPrice: "1", triggerPriceType: 2 })).toEqual(["triggerPriceType"]);
  });
});

describe("spotOrder (GET /api/v3/order)", () => {
  it("orderId or origClientOrderId", () => {
    expect(rejected("spotOrder", { orderId: "702345678901234567" })).toEqual([]);
    expect(rejected("spotOrder", { origClientOrderId: "dash-0001" })).toEqual([]);
    expect(rejected("spotOrder", {})).toEqual(["orderId"]);
  });
});

describe("allOrders (GET /api/v3/allOrders)", () => {
  it("symbol required, limit (pageSize) <= 1000, endTime >= startTime", () => {
    expect(rejected("allOrders", { symbol: "BTCUSDT", pageSize: 1000, startTime: 1000, endTime: 1000 })).toEqual([]);
    expect(rejected("allOrders", {})).toEqual(["symbol"]);
    expect(rejected("allOrders", { symbol: "BTCUSDT", pageSize: 1001 })).toEqual(["pageSize"]);
    expect(rejected("allOrders", { symbol: "BTCUSDT", startTime: 1001, endTime: 1000 })).toEqual(["endTime"]);
  });
});

describe("every endpoint", () => {
  it("rejects unknown fields by name, and paging on endpoints that do not page", () => {
    expect(rejected("coins", {})).toEqual([]);
    expect(rejected("coins", { foo: 1 })).toEqual(["foo"]);
    expect(rejected("withdrawals", { __proto__x: 1 })).toEqual(["__proto__x"]);
    expect(rejected("spotOrder", { orderId: "1", page: 2 })).toEqual(["page"]);
  });
});
