import { describe, expect, it } from "vitest";
import { decodeResponse, encodeRequest, requestSchema } from "./codec";
import { businessFailure, ENDPOINTS, type EndpointKey } from "./endpoints";
import { WeexError } from "./errors";
import { sign } from "./sign";

function encode(key: EndpointKey, params: Record<string, unknown>) {
  const ep = ENDPOINTS[key];
  return encodeRequest(ep, requestSchema(ep).parse(params));
}

/** decodeResponse that returns the thrown WeexError instead of throwing. */
function decodeError(key: EndpointKey, status: number, text: string): WeexError {
  try {
    decodeResponse(ENDPOINTS[key], status, text);
  } catch (e) {
    expect(e).toBeInstanceOf(WeexError);
    return e as WeexError;
  }
  throw new Error("expected an error");
}

const secret = "sim-secret-0001";
const ts = "1764506000000";

describe("encodeRequest: the bytes that are signed and sent", () => {
  it("GET: query in schema order, paging last under its upstream names (weex-facts vector 2)", () => {
    const { query, body } = encode("withdrawals", { pageSize: 200, coin: "USDT" });
    expect(query).toBe("coin=USDT&page=1&pageSize=200");
    expect(body).toBe("");
    expect(sign(secret, ts, "GET", ENDPOINTS.withdrawals.path, query, body)).toBe("/nCCXX/pk+0nMZ1Wi+LxlBNFT0zUak+LsV8Cb9MVTpM=");
  });

  it("POST: JSON in schema order with pageNum/pageSize as numbers (vector 3)", () => {
    // The vector's body names no window, which the client no longer sends (WEEX's production
    // service refuses it: endpoints.test.ts); the bytes and their signature are what is tested.
    const { query, body } = encodeRequest(ENDPOINTS.subAffiliates, { productType: "FUTURES", page: 1, pageSize: 100 });
    expect(query).toBe("");
    expect(body).toBe('{"productType":"FUTURES","pageNum":1,"pageSize":100}');
    expect(sign(secret, ts, "POST", ENDPOINTS.subAffiliates.path, "", body)).toBe("/UzCwlZkxo1t/U+fABa1nD7v3lkD+BwKCF5W8pYh4No=");
  });

  it("contract order fields in the document's order whatever the input order (vector 4)", () => {
    const { body } = encode("placeOrder", {
      newClientOrderId: "dash-0001",
      price: "68900",
      quantity: "0.01",
      timeInForce: "GTC",
      type: "LIMIT",
      positionSide: "LONG",
      side: "BUY",
      symbol: "cmt_btcusdt",
    });
    expect(sign(secret, ts, "POST", "/capi/v3/order", "", body)).toBe("bDY6swSNZ6fiV8lluJyNUMjGrhFZn7w0wvHjXclmgtM=");
  });

  it("Long body fields go out as exact raw JSON numbers", () => {
    expect(encode("subAffiliates", { productType: "SPOT", subUid: "702345678901234567", startTime: 1764460800000, endTime: 1764547199999, pageSize: 50, page: 3 }).body).toBe(
      '{"subUid":702345678901234567,"startTime":1764460800000,"endTime":1764547199999,"productType":"SPOT","pageNum":3,"pageSize":50}',
    );
    expect(encode("modifyTpSl", { orderId: "702345678901234567", triggerPrice: "70000", triggerPriceType: 3 }).body).toBe(
      '{"orderId":702345678901234567,"triggerPrice":"70000","triggerPriceType":3}',
    );
  });

  it("maps pageSize to limit for allOrders, encodes symbol lists, skips what is absent", () => {
    expect(encode("allOrders", { symbol: "BTCUSDT", pageSize: 1000, page: 2 }).query).toBe("symbol=BTCUSDT&page=2&limit=1000");
    expect(encode("exchangeInfo", { symbols: ["BTCUSDT", "ETHUSDT"] }).query).toBe("symbols=BTCUSDT%2CETHUSDT");
    expect(encode("exchangeInfo", {}).query).toBe("");
    expect(encode("spotOrder", { orderId: "702345678901234567" }).query).toBe("orderId=702345678901234567");
  });
});

const spotOrderJson = (orderId: string) =>
  `{"symbol":"BTCUSDT","orderId":${orderId},"clientOrderId":"c1","price":"68900.10","origQty":"0.000000000000000001","executedQty":0,` +
  `"cummulativeQuoteQty":"0","status":"NEW","timeInForce":"GTC","type":"LIMIT","side":"BUY","time":1764506000000,"updateTime":"1764506000001","isWorking":true,"extra":{"x":1}}`;

describe("decodeResponse: lossless parsing", () => {
  it("keeps ids above 2^53 and tiny decimals exact", () => {
    const r = decodeResponse(ENDPOINTS.spotOrder, 200, spotOrderJson("702345678901234567")) as Record<string, unknown>;
    expect(r.orderId).toBe("702345678901234567");
    expect(r.origQty).toBe("0.000000000000000001");
    expect(r.executedQty).toBe("0");
    expect(r.updateTime).toBe(1764506000001);
    // what plain JSON.parse would have made of it
    expect(String(JSON.parse(spotOrderJson("702345678901234567")).orderId)).toBe("702345678901234600");
  });

  it("accepts ids as strings, unknown fields, and missing optional fields", () => {
    const text = '[{"coin":"BTC","depositAllEnable":"true","withdrawAllEnable":false,"networkList":[{"network":"BTC","depositEnable":true,"withdrawEnable":true,"withdrawIntegerMultiple":"1E-8","minConfirm":"2","new":1}]}]';
    const [coin] = decodeResponse(ENDPOINTS.coins, 200, text) as { networkList: Record<string, unknown>[]; brokered?: boolean }[];
    expect(coin.brokered).toBeUndefined();
    expect(coin.networkList[0]).toMatchObject({ withdrawIntegerMultiple: "1E-8", minConfirm: 2 });
  });
});

describe("decodeResponse: envelopes", () => {
  const records = '{"records":[{"subAffiliateUid":702345678901234567,"productType":"FUTURES","date":"2026-11-01","tradingVolume":"1.5","netTradingFee":"0.1","paidCommission":"0.01"}],"total":1,"size":100,"current":1,"pages":1}';

  it.each(['"00000"', '"200"', "0"])("unwraps a V2 envelope with code %s", (code) => {
    const r = decodeResponse(ENDPOINTS.subAffiliates, 200, `{"code":${code},"msg":"success","requestTime":1,"data":${records}}`) as {
      records: { subAffiliateUid: string }[];
    };
    expect(r.records[0].subAffiliateUid).toBe("702345678901234567");
  });

  it("takes the bare V3 object as is", () => {
    expect(decodeResponse(ENDPOINTS.subAffiliates, 200, records)).toMatchObject({ total: 1 });
  });

  it("an error code inside HTTP 200 is an upstream error", () => {
    expect(decodeError("invitees", 200, '{"code":-1140,"msg":"bad param"}')).toMatchObject({ kind: "upstream", upstream: { status: 200, code: "-1140", msg: "bad param" } });
    expect(decodeError("invitees", 200, '{"code":"40001","msg":"no","data":null}')).toMatchObject({ kind: "upstream", upstream: { code: "40001" } });
  });

  it("modifyTpSl keeps its envelope; a failing code is a business failure, returned", () => {
    const ok = decodeResponse(ENDPOINTS.modifyTpSl, 200, '{"code":"00000","msg":"success","requestTime":1764506000000,"data":null}');
    expect(businessFailure("modifyTpSl", ok)).toBeNull();
    const failed = decodeResponse(ENDPOINTS.modifyTpSl, 200, '{"code":"40015","msg":"order not modifiable","requestTime":1764506000000,"data":{}}');
    expect(businessFailure("modifyTpSl", failed)).toEqual({ code: "40015", msg: "order not modifiable" });
  });

  it("order success:false and plan orderId 0 are results, not errors", () => {
    const r = decodeResponse(ENDPOINTS.placeOrder, 200, '{"orderId":"","clientOrderId":"dash-1","success":false,"errorCode":"-1180","errorMessage":"duplicate"}');
    expect(businessFailure("placeOrder", r)).toEqual({ code: "-1180", msg: "duplicate" });
    const plan = decodeResponse(ENDPOINTS.placeTpSl, 200, '[{"success":false,"orderId":0}]');
    expect(plan).toEqual([{ success: false, orderId: "0" }]);
    expect(businessFailure("placeTpSl", plan)).not.toBeNull();
    expect(businessFailure("placeTpSl", decodeResponse(ENDPOINTS.placeTpSl, 200, '[{"success":true,"orderId":702345678901234567}]'))).toBeNull();
  });
});

describe("decodeResponse: malformed bodies", () => {
  it("non-JSON 200 is malformed", () => {
    expect(decodeError("coins", 200, "<html>oops</html>")).toMatchObject({ kind: "malformed", upstream: { status: 200 } });
    expect(decodeError("coins", 200, "")).toMatchObject({ kind: "malformed" });
  });

  it("a body that does not match names the first mismatching path, never partial data", () => {
    expect(decodeError("spotOrder", 200, '{"symbol":"BTCUSDT","orderId":1}').message).toMatch(/at price:/);
    const bad = `[${spotOrderJson("1")},${spotOrderJson('"12x"')}]`;
    expect(decodeError("allOrders", 200, bad).message).toMatch(/at 1\.orderId: expected an integer identifier/);
    expect(decodeError("exchangeInfo", 200, "[]").message).toMatch(/at \(root\)/);
    expect(decodeError("withdrawals", 200, '{"code":"00000","msg":"ok"}').kind).toBe("malformed");
  });
});

describe("decodeResponse: a list's records one by one", () => {
  const rec = (over: Record<string, string>) =>
    JSON.stringify({ subAffiliateUid: "1001", productType: "SPOT", date: "2026-11-20", tradingVolume: "10.5", netTradingFee: "0.1", paidCommission: "0.05", ...over });

  it("a String id that is not digits is an ordinary record; unusable records are set aside with path, value and reason", () => {
    const body = `{"records":[${rec({})},${rec({ subAffiliateUid: '=HYPERLINK("http://x.invalid","x")' })},${rec({ tradingVolume: "12,5 USDT" })},${rec({ date: "2026-02-30" })}],"total":4,"size":100,"current":1,"pages":1}`;
    const r = decodeResponse(ENDPOINTS.subAffiliates, 200, body) as { records: { subAffiliateUid: string }[]; rejected: { record: Record<string, unknown>; problem: unknown }[] };
    expect(r.records.map((x) => x.subAffiliateUid)).toEqual(["1001", '=HYPERLINK("http://x.invalid","x")']);
    expect(r.rejected.map((x) => x.problem)).toEqual([
      { path: "records.2.tradingVolume", value: "12,5 USDT", reason: "expected a decimal" },
      { path: "records.3.date", value: "2026-02-30", reason: "expected a date YYYY-MM-DD" },
    ]);
    // the set-aside record keeps its fields as received (numbers as their exact text)
    expect(r.rejected[0].record).toMatchObject({ subAffiliateUid: "1001", tradingVolume: "12,5 USDT" });
  });

  it("an invitee uid is any string, as the interface types it; a time that is not a time is set aside", () => {
    const inv = (over: Record<string, unknown>) => JSON.stringify({ uid: 1234, registerTime: 1764506000000, kycResult: true, ...over });
    const body = `{"channelUserInfoItemList":[${inv({ uid: "ab-12" })},${inv({ registerTime: "yesterday" })},${inv({}).replace("1234", "702345678901234567")}],"total":3}`;
    const r = decodeResponse(ENDPOINTS.invitees, 200, body) as { channelUserInfoItemList: { uid: string }[]; rejected: { problem: { path: string } }[] };
    expect(r.channelUserInfoItemList.map((x) => x.uid)).toEqual(["ab-12", "702345678901234567"]);
    expect(r.rejected.map((x) => x.problem.path)).toEqual(["channelUserInfoItemList.1.registerTime"]);
  });
});
