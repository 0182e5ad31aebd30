import { describe, expect, it } from "vitest";
import {
  checkContractOrder,
  checkModifyPlan,
  checkPlanOrder,
  contractOrderBody,
  EMPTY_CONTRACT_ORDER,
  EMPTY_PLAN_ORDER,
  fieldMessageOf,
  generateClientOrderId,
  modifyPlanBody,
  planOrderBody,
  serverFieldErrors,
} from "./orders";

describe("contract order form", () => {
  it("builds the interface document's body, in its field order and with its exact names", () => {
    const body = contractOrderBody(
      { ...EMPTY_CONTRACT_ORDER, quantity: " 0.01 ", price: "68900", withTpSl: true, tpTriggerPrice: "70000", TpWorkingType: "MARK_PRICE", slTriggerPrice: "65000", SlWorkingType: "" },
      "dash-0001",
    );
    const checked = checkContractOrder(body);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(JSON.stringify(checked.body)).toBe(
      '{"symbol":"cmt_btcusdt","side":"BUY","positionSide":"LONG","type":"LIMIT","timeInForce":"GTC","quantity":"0.01","price":"68900","newClientOrderId":"dash-0001","tpTriggerPrice":"70000","slTriggerPrice":"65000","TpWorkingType":"MARK_PRICE"}',
    );
  });
  it("leaves price and time in force out of a MARKET order", () => {
    const body = contractOrderBody({ ...EMPTY_CONTRACT_ORDER, type: "MARKET", quantity: "1", price: "5" }, "x");
    expect(body).not.toHaveProperty("price");
    expect(body).not.toHaveProperty("timeInForce");
    expect(checkContractOrder(body).ok).toBe(true);
  });
  it("refuses what the server refuses, naming the fields", () => {
    const r = checkContractOrder(contractOrderBody({ ...EMPTY_CONTRACT_ORDER, quantity: "0", price: "" }, "has space"));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(["newClientOrderId", "price", "quantity"]);
    expect(r.errors.quantity).toMatch(/greater than 0/);
  });
  it("generates ids that satisfy the newClientOrderId rule and differ", () => {
    const a = generateClientOrderId();
    const b = generateClientOrderId();
    expect(a).toMatch(/^[.A-Za-z0-9:/_-]{1,36}$/);
    expect(a).not.toBe(b);
  });
});

describe("plan orders", () => {
  it("sends marginMode as a number and lower-case position sides", () => {
    const body = planOrderBody({ ...EMPTY_PLAN_ORDER, triggerPrice: "70000", size: "0.5", marginMode: "3" }, "plan-1");
    const r = checkPlanOrder(body);
    expect(r.ok).toBe(true);
    if (r.ok) expect(JSON.stringify(r.body)).toBe('{"symbol":"cmt_btcusdt","clientOrderId":"plan-1","planType":"profit_plan","triggerPrice":"70000","size":"0.5","positionSide":"long","marginMode":3}');
  });
  it("modification is checked with its order id, which then stays out of the body", () => {
    const ok = checkModifyPlan("702345678901234567", modifyPlanBody({ orderId: "", triggerPrice: "71000", executePrice: "", triggerPriceType: "3" }));
    expect(ok).toEqual({ ok: true, body: { triggerPrice: "71000", triggerPriceType: 3 } });
    const bad = checkModifyPlan("abc", modifyPlanBody({ orderId: "", triggerPrice: "", executePrice: "", triggerPriceType: "" }));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.errors).sort()).toEqual(["orderId", "triggerPrice"]);
  });
  it("maps the server's field paths onto form fields", () => {
    expect(serverFieldErrors([{ path: "body.quantity", message: "must be greater than 0" }, { path: "price", message: "x" }])).toEqual({ quantity: "must be greater than 0", price: "x" });
  });
});

describe("the checks' messages in the page's language", () => {
  it("knows every message the three forms' checks give, with its values", () => {
    const bad = [
      checkContractOrder({ ...contractOrderBody({ ...EMPTY_CONTRACT_ORDER, symbol: "", quantity: "0", price: "" }, "has space"), bogus: 1, side: "UP" }),
      checkContractOrder(contractOrderBody({ ...EMPTY_CONTRACT_ORDER, symbol: "x".repeat(41), quantity: "abc", price: "1".repeat(65) }, "")),
      checkContractOrder({ symbol: "a b", side: "BUY", positionSide: "LONG", type: "LIMIT", quantity: "1" }),
      checkPlanOrder({ ...planOrderBody({ ...EMPTY_PLAN_ORDER, triggerPrice: "", size: "-1" }, "x".repeat(41)), marginMode: 2 }),
      checkPlanOrder({ symbol: 5 }),
      checkModifyPlan("abc", { triggerPrice: "1", triggerPriceType: 2 }),
      checkModifyPlan("99999999999999999999", { triggerPrice: "1" }),
    ];
    const messages = new Set(bad.flatMap((r) => (r.ok ? [] : Object.values(r.errors))));
    expect(messages.size).toBeGreaterThan(10);
    expect([...messages].filter((m) => fieldMessageOf(m) === null)).toEqual([]);
  });
  it("carries the values a message names", () => {
    expect(fieldMessageOf("must be at most 40 characters")).toEqual({ id: "atMostChars", values: { max: "40" } });
    expect(fieldMessageOf("must be one of BUY, SELL")).toEqual({ id: "oneOf", values: { values: "BUY, SELL" } });
    expect(fieldMessageOf("something new")).toBeNull();
  });
});
