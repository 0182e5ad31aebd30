import { describe, expect, it } from "vitest";
import { decodeResponse, encodeRequest, requestSchema } from "./codec";
import { ENDPOINTS, toWeexPage, type EndpointKey } from "./endpoints";
import type { CommissionRecord, DealRecord, InviteeTotalsRecord, MemberAssets } from "./records";
import type { RejectedRecord } from "./record-problems";
import { LIMIT_ORDER } from "./test-support";
import { eachKeyNamed } from "./wire";
import { DAY_MS } from "../time/calendar";

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
  // WEEX's production service answers only a bounded window: every call names both ends.
  const window = { startTime: now - 3 * DAY_MS, endTime: now };
  it("productType is required: SPOT or FUTURES", () => {
    expect(rejected("subAffiliates", { productType: "SPOT", ...window })).toEqual([]);
    expect(rejected("subAffiliates", { productType: "FUTURES", ...window })).toEqual([]);
    expect(rejected("subAffiliates", window)).toEqual(["productType"]);
    expect(rejected("subAffiliates", { productType: "MARGIN", ...window })).toEqual(["productType"]);
  });
  it("pageSize <= 100, subUid digits, endTime >= startTime", () => {
    expect(rejected("subAffiliates", { productType: "SPOT", pageSize: 100, subUid: "702345678901234567", ...window })).toEqual([]);
    expect(rejected("subAffiliates", { productType: "SPOT", pageSize: 101, ...window })).toEqual(["pageSize"]);
    expect(rejected("subAffiliates", { productType: "SPOT", subUid: "12a", ...window })).toEqual(["subUid"]);
    expect(rejected("subAffiliates", { productType: "SPOT", startTime: 2000, endTime: 1000 })).toEqual(["endTime"]);
  });
  it("startTime and endTime are both required (WEEX's production service refuses a call without them)", () => {
    expect(rejected("subAffiliates", { productType: "SPOT" })).toEqual(["startTime", "endTime"]);
    expect(rejected("subAffiliates", { productType: "SPOT", startTime: window.startTime })).toEqual(["endTime"]);
    expect(rejected("subAffiliates", { productType: "SPOT", endTime: window.endTime })).toEqual(["startTime"]);
    const r = requestSchema(ENDPOINTS.subAffiliates).safeParse({ productType: "SPOT" });
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual(["is required: WEEX answers only a bounded window", "is required: WEEX answers only a bounded window"]);
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

// ---------------------------------------------------------------------------------------------
// The rebate reads beyond the interface document (weex-facts.md, last section)

describe("rebate reads: the table", () => {
  it("are signed GETs on the spot host at weight 20/20 (the larger figure where WEEX's tables disagree)", () => {
    const paths = {
      inviteeTotals: "/api/v3/rebate/affiliate/getChannelUserTradeAndAsset",
      commissions: "/api/v3/rebate/affiliate/getAffiliateCommission",
      verifyReferrals: "/api/v3/agency/verifyReferrals",
      memberAssets: "/api/v3/agency/getAssert",
      memberDeals: "/api/v3/agency/getDealData",
    } as const;
    for (const [key, path] of Object.entries(paths) as [keyof typeof paths, string][]) {
      expect(ENDPOINTS[key]).toMatchObject({ method: "GET", side: "spot", path, ipWeight: 20, uidWeight: 20, access: "signed" });
    }
    expect(ENDPOINTS.inviteeTotals.paging).toEqual({ page: "page", size: "pageSize", defaultSize: 100, maxSize: 100 });
    expect(ENDPOINTS.commissions.paging).toEqual({ page: "page", size: "pageSize", defaultSize: 100, maxSize: 100 });
  });
});

describe("inviteeTotals (getChannelUserTradeAndAsset) request", () => {
  it("at most 90 days, start within 365 days, endTime >= startTime; uid digits; pageSize <= 100", () => {
    const start = now - 200 * DAY_MS;
    expect(rejected("inviteeTotals", { uid: "4200000001", startTime: start, endTime: start + 90 * DAY_MS, pageSize: 100 })).toEqual([]);
    expect(rejected("inviteeTotals", { startTime: start, endTime: start + 91 * DAY_MS })).toEqual(["endTime"]);
    expect(rejected("inviteeTotals", { startTime: now - 366 * DAY_MS, endTime: now - 300 * DAY_MS })).toEqual(["startTime"]);
    expect(rejected("inviteeTotals", { startTime: start, endTime: start - 1 })).toEqual(["endTime"]);
    expect(rejected("inviteeTotals", { uid: "4x" })).toEqual(["uid"]);
    expect(rejected("inviteeTotals", { pageSize: 101 })).toEqual(["pageSize"]);
  });
});

describe("commissions (getAffiliateCommission) request", () => {
  it("at most 3 months read as 90 days; no age limit; productType SPOT or FUTURES (optional: WEEX's default SPOT)", () => {
    const start = now - 500 * DAY_MS;
    expect(rejected("commissions", { startTime: start, endTime: start + 90 * DAY_MS, productType: "FUTURES", coin: "BTC" })).toEqual([]);
    expect(rejected("commissions", { startTime: start, endTime: start + 90 * DAY_MS + 1 })).toEqual(["endTime"]);
    expect(rejected("commissions", { productType: "MARGIN" })).toEqual(["productType"]);
    expect(rejected("commissions", { startTime: 2000, endTime: 1000 })).toEqual(["endTime"]);
    expect(rejected("commissions", {})).toEqual([]);
  });
});

describe("verifyReferrals request", () => {
  it("userIds: 1 to 100 ids, as a list or one comma-separated text, sent as one comma-separated value", () => {
    const ids = Array.from({ length: 100 }, (_, i) => String(4_200_000_000 + i));
    expect(rejected("verifyReferrals", { userIds: ids })).toEqual([]);
    expect(rejected("verifyReferrals", { userIds: ids.join(",") })).toEqual([]);
    expect(rejected("verifyReferrals", { userIds: [...ids, "4300000000"] })).toEqual(["userIds"]);
    expect(rejected("verifyReferrals", { userIds: [] })).toEqual(["userIds"]);
    expect(rejected("verifyReferrals", {})).toEqual(["userIds"]);
    expect(rejected("verifyReferrals", { userIds: ["1", "x2"] })).toEqual(["userIds.1"]);
    expect(encodeRequest(ENDPOINTS.verifyReferrals, requestSchema(ENDPOINTS.verifyReferrals).parse({ userIds: ["4667776811", 702345678901234567n.toString()] })).query).toBe(
      "userIds=4667776811%2C702345678901234567",
    );
  });
});

describe("memberAssets (getAssert) and memberDeals (getDealData) requests", () => {
  it("days as yyyy-MM-dd (real dates), end on or after start; getAssert needs userId", () => {
    expect(rejected("memberAssets", { userId: "4200000001", startTime: "2026-11-01", endTime: "2026-11-01" })).toEqual([]);
    expect(rejected("memberAssets", { startTime: "2026-11-01" })).toEqual(["userId"]);
    expect(rejected("memberAssets", { userId: "1", startTime: "2026-11-02", endTime: "2026-11-01" })).toEqual(["endTime"]);
    expect(rejected("memberAssets", { userId: "1", startTime: "2026-02-30" })).toEqual(["startTime"]);
    expect(rejected("memberAssets", { userId: "1", endTime: 1764506000000 })).toEqual(["endTime"]);
    expect(rejected("memberDeals", {})).toEqual([]);
    expect(rejected("memberDeals", { userIds: ["1", "2"], startTime: "2026-10-01", endTime: "2026-11-30" })).toEqual([]);
    expect(rejected("memberDeals", { userIds: Array.from({ length: 101 }, (_, i) => String(i + 1)) })).toEqual(["userIds"]);
  });

  it("getDealData's userIds go out once per id, in the order given, and that query is what is signed", () => {
    const wire = encodeRequest(ENDPOINTS.memberDeals, requestSchema(ENDPOINTS.memberDeals).parse({ userIds: "702345678901234567,2", startTime: "2026-11-01", endTime: "2026-11-07" }));
    expect(wire).toEqual({ query: "userIds=702345678901234567&userIds=2&startTime=2026-11-01&endTime=2026-11-07", body: "" });
  });
});

// Parsing: every shape WEEX's sources disagree on, through the codec as the client decodes.

/** The decoded result of a 200 answer, with the (validated) request it answers. */
function decode<T>(key: EndpointKey, body: string, request: Record<string, unknown> = {}): T {
  const ep = ENDPOINTS[key];
  return decodeResponse(ep, 200, body, requestSchema(ep).parse(request)) as T;
}
const envelope = (data: string) => `{"code":"200","msg":"success","requestTime":1764506000000,"data":${data}}`;

describe("commission records: parsing", () => {
  type Decoded = { channelCommissionInfoItems: CommissionRecord[]; rejected: RejectedRecord[]; total: number };
  const item = (over: Record<string, unknown> = {}) =>
    JSON.stringify({ uid: 4667776811, date: 1764506000000, coin: "USDT", productType: "FUTURES", fee: "0.6", commission: "0.24", rate: "0.4", symbol: "cmt_btcusdt", sourceType: 1, takerAmount: "800", makerAmount: "200", ...over })
      .replace('"uid":4667776811', '"uid":702345678901234567');
  const page = (...items: string[]) => `{"channelCommissionInfoItems":[${items.join(",")}],"pages":1,"pageSize":100,"total":${items.length}}`;

  it("flat or enveloped; ids above 2^53 exact; times and ids as numbers or strings", () => {
    for (const body of [page(item()), envelope(page(item()))]) {
      const r = decode<Decoded>("commissions", body, { productType: "FUTURES" });
      expect(r.channelCommissionInfoItems).toEqual([
        { uid: "702345678901234567", date: 1764506000000, coin: "USDT", productType: "FUTURES", fee: "0.6", commission: "0.24", rate: "0.4", symbol: "cmt_btcusdt", sourceType: 1, takerAmount: "800", makerAmount: "200" },
      ]);
    }
    const strings = decode<Decoded>("commissions", page(item({ date: "1764506000000", sourceType: "2" }).replace("702345678901234567", '"702345678901234567"')));
    expect(strings.channelCommissionInfoItems[0]).toMatchObject({ uid: "702345678901234567", date: 1764506000000, sourceType: 2 });
  });

  it("the time as `dealTime` (a String in one of WEEX's tables) is the record's `date`", () => {
    const body = page(item({ date: undefined, dealTime: "1764506000123" }), item({ date: null, dealTime: 1764506000456 }));
    const r = decode<Decoded>("commissions", body);
    expect(r.channelCommissionInfoItems.map((x) => x.date)).toEqual([1764506000123, 1764506000456]);
    expect(r.rejected).toEqual([]);
  });

  it("a record without productType takes the request's, WEEX's default SPOT when the request names none", () => {
    const body = page(item({ productType: undefined }), item({ productType: null }), item({ productType: "SPOT" }));
    expect(decode<Decoded>("commissions", body, { productType: "FUTURES" }).channelCommissionInfoItems.map((x) => x.productType)).toEqual(["FUTURES", "FUTURES", "SPOT"]);
    expect(decode<Decoded>("commissions", body).channelCommissionInfoItems.map((x) => x.productType)).toEqual(["SPOT", "SPOT", "SPOT"]);
  });

  it('"--" (WEEX does not know) is null, never 0; a record the dashboard cannot use is set aside with path, value and reason', () => {
    const body = page(item({ commission: "--", fee: null }), item({ takerAmount: "12,5 USDT" }), item({ date: undefined }), item({ coin: undefined }));
    const r = decode<Decoded>("commissions", body, { productType: "FUTURES" });
    expect(r.channelCommissionInfoItems).toHaveLength(1);
    expect(r.channelCommissionInfoItems[0]).toMatchObject({ commission: null, fee: null, rate: "0.4" });
    expect(r.rejected.map((x) => x.problem)).toEqual([
      { path: "channelCommissionInfoItems.1.takerAmount", value: "12,5 USDT", reason: 'expected a decimal or "--"' },
      { path: "channelCommissionInfoItems.2.date", value: "(missing)", reason: "expected epoch milliseconds" },
      { path: "channelCommissionInfoItems.3.coin", value: "(missing)", reason: expect.any(String) },
    ]);
    // set aside as received: no productType filled in, numbers as their exact text
    expect(r.rejected[0].record).toMatchObject({ uid: "702345678901234567", takerAmount: "12,5 USDT" });
    // a page still counts its set-aside records (paging is WEEX's)
    expect(toWeexPage("commissions", r, 1, 100)).toMatchObject({ total: 4, hasNextPage: false, rejected: r.rejected });
  });
});

describe("invitee totals: parsing", () => {
  type Decoded = { records: InviteeTotalsRecord[]; rejected: RejectedRecord[] };
  const rec = (over: Record<string, unknown> = {}) =>
    JSON.stringify({ uid: "4667776811", depositAmount: "100.5", withdrawalAmount: "0", spotTradingAmount: "1200", futuresTradingAmount: "0.000000000000000001", commission: "0.12", ...over });
  const page = (...r: string[]) => `{"records":[${r.join(",")}],"pages":1,"pageSize":100,"total":${r.length}}`;

  it("flat or enveloped; uid (documented String) as a number or a string; decimals exact; '--' null; unusable set aside", () => {
    for (const body of [page(rec(), rec({ uid: 4667776812 }), rec({ commission: "--" }), rec({ depositAmount: "1.2.3" })), envelope(page(rec(), rec({ uid: 4667776812 }), rec({ commission: "--" }), rec({ depositAmount: "1.2.3" })))]) {
      const r = decode<Decoded>("inviteeTotals", body);
      expect(r.records.map((x) => x.uid)).toEqual(["4667776811", "4667776812", "4667776811"]);
      expect(r.records[0].futuresTradingAmount).toBe("0.000000000000000001");
      expect(r.records[2].commission).toBeNull();
      expect(r.rejected.map((x) => x.problem.path)).toEqual(["records.3.depositAmount"]);
    }
  });
});

describe("verifyReferrals: parsing", () => {
  it("a bare array or enveloped; WEEX's spelling isRefferal; uids as numbers or strings", () => {
    const body = '[{"uid":4667776811,"isRefferal":true},{"uid":"702345678901234567","isRefferal":"false"}]';
    const expected = [
      { uid: "4667776811", isRefferal: true },
      { uid: "702345678901234567", isRefferal: false },
    ];
    expect(decode("verifyReferrals", body, { userIds: "1" })).toEqual(expected);
    expect(decode("verifyReferrals", envelope(body), { userIds: "1" })).toEqual(expected);
    // the field is read under WEEX's spelling; a corrected spelling is the same answer
    expect(decode("verifyReferrals", '[{"uid":1,"isReferral":true}]', { userIds: "1" })).toMatchObject([{ uid: "1", isRefferal: true }]);
    expect(() => decode("verifyReferrals", '[{"uid":1}]', { userIds: "1" })).toThrow(/isRefferal/);
  });
});

describe("getAssert: parsing", () => {
  it('flat or enveloped; "--" and absent snapshot amounts are null; undocumented fields kept; depositList as received', () => {
    const body =
      '{"availableBalance":"--","spotProTotalUsdt":"12.5","unimarginTotalUsdt":"0","contractTotalUsdt":"7","depositTotalAmount":"100.000000000000000001","depositList":[{"amount":"1"}]}';
    for (const text of [body, envelope(body)]) {
      const r = decode<MemberAssets & { contractTotalUsdt?: string }>("memberAssets", text, { userId: "1" });
      expect(r).toMatchObject({ availableBalance: null, fundingTotalUsdt: null, spotProTotalUsdt: "12.5", unimarginTotalUsdt: "0", depositTotalAmount: "100.000000000000000001" });
      expect(r.contractTotalUsdt).toBe("7");
      expect(r.depositList).toEqual([{ amount: "1" }]);
    }
    expect(decode<MemberAssets>("memberAssets", '{"depositTotalAmount":"--","depositList":null}', { userId: "1" })).toMatchObject({ depositTotalAmount: null, depositList: [] });
    expect(() => decode("memberAssets", '{"depositTotalAmount":"12,5"}', { userId: "1" })).toThrow(/depositTotalAmount/);
  });
});

describe("getDealData: parsing", () => {
  type Decoded = { data: DealRecord[]; rejected: RejectedRecord[]; startTime?: string; endTime?: string };
  const row = (over: Record<string, unknown> = {}) => JSON.stringify({ userId: 4667776811, spotDealAmountUsdt: "10", futuresProDealAmountUsdt: "20.5", spotProDealAmountUsdtTemp: "10", ...over });

  it("flat or enveloped; userId as a number or string; days as dates or epoch ms; '--' null; unusable set aside", () => {
    const body = `{"data":[${row()},${row({ userId: "702345678901234567", futuresProDealAmountUsdt: "--", spotProDealAmountUsdtTemp: undefined })},${row({ spotDealAmountUsdt: "12,5 USDT" })}],"startTime":"2026-11-01","endTime":1796083200000}`;
    for (const text of [body, envelope(body)]) {
      const r = decode<Decoded>("memberDeals", text);
      expect(r.data).toEqual([
        { userId: "4667776811", spotDealAmountUsdt: "10", futuresProDealAmountUsdt: "20.5", spotProDealAmountUsdtTemp: "10" },
        { userId: "702345678901234567", spotDealAmountUsdt: "10", futuresProDealAmountUsdt: null, spotProDealAmountUsdtTemp: null },
      ]);
      expect(r.rejected.map((x) => x.problem.path)).toEqual(["data.2.spotDealAmountUsdt"]);
      expect([r.startTime, r.endTime]).toEqual(["2026-11-01", "2026-12-01"]);
    }
  });
});
