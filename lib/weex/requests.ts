/**
 * What each WEEX endpoint takes: its request's fields (dashboard names, keys in wire order;
 * strict), the field rules several share, and the time-window check. The endpoint table
 * (endpoints.ts) names one of these as each entry's `fields`.
 */
import { z } from "zod";
import { inDay, inDecimal, inEnum, inId, inIdList, inText, inTime } from "./wire";
import { ACCOUNT_TYPES, ID_LIST_LIMITS, PRODUCT_TYPES, type TimeWindow } from "./limits";
import { DAY_MS } from "../time/calendar";

// ---------------------------------------------------------------------------------------------
// Shared field rules

export const NEW_CLIENT_ORDER_ID_RE = /^[.A-Za-z0-9:/_-]{1,36}$/;
const symbol = inText(40);
const productType = inEnum(PRODUCT_TYPES);
const accountType = inEnum(ACCOUNT_TYPES);
const workingType = inEnum(["CONTRACT_PRICE", "MARK_PRICE"]);

/**
 * A window bound as epoch ms: the bound itself, or for a day (`yyyy-MM-dd`, the rebate reads
 * getAssert and getDealData) the start of that UTC day.
 */
export function boundMs(v: number | string | undefined): number | undefined {
  return typeof v === "string" ? Date.parse(`${v}T00:00:00Z`) : v;
}

/** Check a params object against a time window; adds issues naming startTime/endTime. */
export function checkWindow(
  w: TimeWindow,
  p: { startTime?: number | string; endTime?: number | string },
  ctx: z.RefinementCtx,
  now = Date.now(),
) {
  const s = boundMs(p.startTime);
  const e = boundMs(p.endTime);
  if (w.bounded) {
    for (const [name, v] of [["startTime", s], ["endTime", e]] as const) {
      if (v === undefined) ctx.addIssue({ code: "custom", path: [name], message: "is required: WEEX answers only a bounded window" });
    }
  }
  if (w.ordered && s !== undefined && e !== undefined && e < s) {
    ctx.addIssue({ code: "custom", path: ["endTime"], message: "must be greater than or equal to startTime" });
  }
  if (w.maxAgeMs !== undefined) {
    const oldest = now - w.maxAgeMs;
    const days = Math.round(w.maxAgeMs / DAY_MS);
    if (s !== undefined && s < oldest) {
      ctx.addIssue({ code: "custom", path: ["startTime"], message: `must be within the past ${days} days` });
    }
    if (e !== undefined && e < oldest) {
      ctx.addIssue({ code: "custom", path: ["endTime"], message: `must be within the past ${days} days` });
    }
  }
  if (w.maxSpanMs !== undefined && s !== undefined && e !== undefined && e - s > w.maxSpanMs) {
    const days = Math.round(w.maxSpanMs / DAY_MS);
    ctx.addIssue({ code: "custom", path: ["endTime"], message: `must be at most ${days} days after startTime` });
  }
}

// ---------------------------------------------------------------------------------------------
// Request schemas (dashboard field names; keys in wire order)

export const placeOrderParams = z.strictObject({
  symbol,
  side: inEnum(["BUY", "SELL"]),
  positionSide: inEnum(["LONG", "SHORT"]),
  type: inEnum(["LIMIT", "MARKET"]),
  timeInForce: inEnum(["GTC", "IOC", "FOK"]).optional(),
  quantity: inDecimal({ positive: true }),
  price: inDecimal({ positive: true }).optional(),
  newClientOrderId: z
    .string({ error: "is required" })
    .regex(NEW_CLIENT_ORDER_ID_RE, "must be 1-36 letters, digits or . : / _ -"),
  tpTriggerPrice: inDecimal({ positive: true }).optional(),
  slTriggerPrice: inDecimal({ positive: true }).optional(),
  TpWorkingType: workingType.optional(),
  SlWorkingType: workingType.optional(),
});

export const exchangeInfoParams = z.strictObject({
  symbol: symbol.optional(),
  symbols: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(symbol).min(1, "must name at least one symbol").max(100, "must name at most 100 symbols"))
    .transform((list) => list.join(","))
    .optional(),
  symbolStatus: z.literal("TRADING", { error: "only TRADING is supported" }).optional(),
});

export const withdrawalsParams = z.strictObject({
  withdrawID: inText(64).optional(),
  coin: inText(20).optional(),
  startTime: inTime.optional(),
  endTime: inTime.optional(),
  fromAccountType: accountType.optional(),
  toAccountType: accountType.optional(),
});

export const subAffiliatesParams = z.strictObject({
  subUid: inId.optional(),
  startTime: inTime.optional(),
  endTime: inTime.optional(),
  productType,
});

export const inviteesParams = z.strictObject({
  uid: inId.optional(),
  startTime: inTime.optional(),
  endTime: inTime.optional(),
});

// The rebate reads beyond the interface document (weex-facts.md, last section): signed GETs,
// paging `page`/`pageSize`.

export const inviteeTotalsParams = z.strictObject({
  uid: inId.optional(),
  startTime: inTime.optional(),
  endTime: inTime.optional(),
});

export const commissionsParams = z.strictObject({
  uid: inId.optional(),
  startTime: inTime.optional(),
  endTime: inTime.optional(),
  coin: inText(20).optional(),
  // WEEX's default is SPOT: one call answers one product type
  productType: productType.optional(),
});

export const verifyReferralsParams = z.strictObject({
  // sent as one comma-separated value
  userIds: inIdList(ID_LIST_LIMITS.verifyReferrals).transform((ids) => ids.join(",")),
});

export const memberAssetsParams = z.strictObject({
  userId: inId,
  startTime: inDay.optional(),
  endTime: inDay.optional(),
});

export const memberDealsParams = z.strictObject({
  // sent once per id (`userIds=1&userIds=2`, `EndpointDef.repeated`); absent: every direct invitee
  userIds: inIdList(ID_LIST_LIMITS.memberDeals).optional(),
  startTime: inDay.optional(),
  endTime: inDay.optional(),
});

export const placeTpSlParams = z.strictObject({
  symbol,
  clientOrderId: z
    .string({ error: "is required" })
    .min(1, "must not be empty")
    .max(40, "must be at most 40 characters")
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces"),
  planType: inEnum(["profit_plan", "loss_plan"]),
  triggerPrice: inDecimal({ positive: true }),
  executePrice: inDecimal({ positive: false }).optional(),
  size: inDecimal({ positive: true }),
  positionSide: inEnum(["long", "short"]),
  marginMode: z.union([z.literal(1), z.literal(3)], { error: "must be 1 (cross) or 3 (isolated)" }).optional(),
});

export const modifyTpSlParams = z.strictObject({
  orderId: inId,
  triggerPrice: inDecimal({ positive: true }),
  executePrice: inDecimal({ positive: false }).optional(),
  triggerPriceType: z.union([z.literal(1), z.literal(3)], { error: "must be 1 (last price) or 3 (mark price)" }).optional(),
});

export const spotOrderParams = z.strictObject({
  orderId: inId.optional(),
  origClientOrderId: inText(64).optional(),
});

export const allOrdersParams = z.strictObject({
  symbol,
  startTime: inTime.optional(),
  endTime: inTime.optional(),
});
