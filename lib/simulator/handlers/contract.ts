/**
 * Contract trading: place an order (POST /capi/v3/order), place and modify TP/SL plan orders
 * (POST /capi/v2/order/placeTpSlOrder, modifyTpSlOrder). Orders are kept in TradingState.
 *
 * Exchange behaviour chosen here (docs/simulator.md):
 * - an unknown contract symbol is an HTTP 400 -1121 on all three, like an unknown spot symbol;
 * - more decimals than the contract's tick/step is -1160;
 * - a reused client order id, or a quantity outside the symbol's min/max, is a business
 *   failure inside HTTP 200 (success:false, errorCode "-2010"; plan orders orderId 0);
 * - modifying an unknown plan order answers the V2 envelope with code "-3200".
 */
import Decimal from "decimal.js";
import { jsonNumber } from "../../weex/wire";
import type { ContractSymbol } from "../data/symbols";
import { badRequest, CODES } from "../errors";
import { missing, readFields } from "../params";
import { formatUnits, significantDecimalPlaces } from "../units";
import type { Handler, HandlerContext } from "./context";

/** errorCode of an order the exchange refuses for business reasons. */
export const ORDER_REJECTED = "-2010";
/** V2 envelope code of a plan order that does not exist. */
export const PLAN_ORDER_MISSING = "-3200";

function contractFor(ctx: HandlerContext, symbol: string): ContractSymbol {
  const c = ctx.data.contracts.get(symbol);
  if (!c) throw badRequest(CODES.invalidSymbol, `Invalid symbol: ${symbol}`);
  return c;
}

function checkPrecision(name: string, value: string | undefined, dp: number): void {
  if (value !== undefined && significantDecimalPlaces(value) > dp) {
    throw badRequest(CODES.precision, `Parameter '${name}' has too much precision: at most ${dp} decimal places.`);
  }
}

/** A quantity outside the symbol's limits, as a message, or undefined when it is fine. */
function quantityProblem(c: ContractSymbol, quantity: string): string | undefined {
  const q = new Decimal(quantity);
  const min = formatUnits(c.pair.minQtySteps, c.pair.stepDp);
  const max = formatUnits(c.pair.maxQtySteps, c.pair.stepDp);
  if (q.lessThan(min)) return `Order quantity ${quantity} is below the minimum ${min}.`;
  if (q.greaterThan(max)) return `Order quantity ${quantity} is above the maximum ${max}.`;
  return undefined;
}

interface PlaceOrderParams {
  symbol: string;
  side: string;
  positionSide: string;
  type: "LIMIT" | "MARKET";
  timeInForce?: string;
  quantity: string;
  price?: string;
  newClientOrderId: string;
  tpTriggerPrice?: string;
  slTriggerPrice?: string;
}

export const placeOrder: Handler = (ctx) => {
  const p = readFields<PlaceOrderParams>(ctx.ep, ctx.raw);
  const c = contractFor(ctx, p.symbol);
  if (p.type === "LIMIT") {
    if (p.timeInForce === undefined) missing("timeInForce");
    if (p.price === undefined) missing("price");
  }
  checkPrecision("quantity", p.quantity, c.pair.stepDp);
  for (const name of ["price", "tpTriggerPrice", "slTriggerPrice"] as const) checkPrecision(name, p[name], c.pair.tickDp);

  const reject = (errorMessage: string) => ({
    body: { orderId: "", clientOrderId: p.newClientOrderId, success: false, errorCode: ORDER_REJECTED, errorMessage },
  });
  if (ctx.state.contractByClientId.has(p.newClientOrderId)) {
    return reject(`Duplicate newClientOrderId: ${p.newClientOrderId}`);
  }
  const problem = quantityProblem(c, p.quantity);
  if (problem) return reject(problem);

  const order = ctx.state.addContractOrder({ clientOrderId: p.newClientOrderId, symbol: p.symbol, params: { ...p }, createdAt: ctx.now });
  return {
    body: { orderId: order.orderId, clientOrderId: order.clientOrderId, success: true, errorCode: "", errorMessage: "" },
    executed: true,
  };
};

interface PlaceTpSlParams {
  symbol: string;
  clientOrderId: string;
  planType: string;
  triggerPrice: string;
  executePrice?: string;
  size: string;
  positionSide: string;
  marginMode?: number;
}

export const placeTpSl: Handler = (ctx) => {
  const p = readFields<PlaceTpSlParams>(ctx.ep, ctx.raw);
  const c = contractFor(ctx, p.symbol);
  checkPrecision("triggerPrice", p.triggerPrice, c.pair.tickDp);
  checkPrecision("executePrice", p.executePrice, c.pair.tickDp);
  checkPrecision("size", p.size, c.pair.stepDp);
  // The only failure signal of this endpoint: success false, orderId 0.
  if (ctx.state.planByClientId.has(p.clientOrderId) || quantityProblem(c, p.size)) {
    return { body: [{ success: false, orderId: jsonNumber("0") }] };
  }
  const order = ctx.state.addPlanOrder({
    clientOrderId: p.clientOrderId,
    symbol: p.symbol,
    planType: p.planType,
    triggerPrice: p.triggerPrice,
    executePrice: p.executePrice ?? "0",
    triggerPriceType: 1,
    size: p.size,
    positionSide: p.positionSide,
    locale: ctx.locale,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  return { body: [{ success: true, orderId: jsonNumber(order.orderId) }], executed: true };
};

interface ModifyTpSlParams {
  orderId: string;
  triggerPrice: string;
  executePrice?: string;
  triggerPriceType?: number;
}

export const modifyTpSl: Handler = (ctx) => {
  const p = readFields<ModifyTpSlParams>(ctx.ep, ctx.raw);
  const envelope = (code: string, msg: string) => ({ code, msg, requestTime: ctx.now, data: {} });
  const order = ctx.state.planOrders.get(p.orderId);
  if (!order) return { body: envelope(PLAN_ORDER_MISSING, `The plan order ${p.orderId} does not exist.`) };
  const c = contractFor(ctx, order.symbol);
  checkPrecision("triggerPrice", p.triggerPrice, c.pair.tickDp);
  checkPrecision("executePrice", p.executePrice, c.pair.tickDp);
  order.triggerPrice = p.triggerPrice;
  order.executePrice = p.executePrice ?? "0";
  order.triggerPriceType = p.triggerPriceType ?? 1;
  order.locale = ctx.locale;
  order.updatedAt = ctx.now;
  return { body: envelope("00000", "success"), executed: true };
};
