import { describe, expect, it } from "vitest";
import { sign } from "./sign";

// The four test vectors of shared/spec/weex-facts.md.
const secret = "sim-secret-0001";
const ts = "1764506000000";

describe("sign", () => {
  it("GET without query", () => {
    expect(sign(secret, ts, "GET", "/api/v3/exchangeInfo", "", "")).toBe("RxGGLbZIW2oOJWA7d75JuEFa2aw9hO48SWWEcu7Rkz0=");
  });
  it("GET with query", () => {
    expect(sign(secret, ts, "GET", "/api/v3/rebate/affiliate/getInternalWithdrawalStatus", "coin=USDT&page=1&pageSize=200", "")).toBe(
      "/nCCXX/pk+0nMZ1Wi+LxlBNFT0zUak+LsV8Cb9MVTpM=",
    );
  });
  it("POST with body", () => {
    expect(
      sign(secret, ts, "POST", "/api/v3/rebate/affiliate/querySubChannelTransactions", "", '{"productType":"FUTURES","pageNum":1,"pageSize":100}'),
    ).toBe("/UzCwlZkxo1t/U+fABa1nD7v3lkD+BwKCF5W8pYh4No=");
  });
  it("contract order", () => {
    const body =
      '{"symbol":"cmt_btcusdt","side":"BUY","positionSide":"LONG","type":"LIMIT","timeInForce":"GTC","quantity":"0.01","price":"68900","newClientOrderId":"dash-0001"}';
    expect(sign(secret, ts, "post", "/capi/v3/order", "", body)).toBe("bDY6swSNZ6fiV8lluJyNUMjGrhFZn7w0wvHjXclmgtM=");
  });
});
