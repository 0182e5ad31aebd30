/**
 * The WEEX interface as one declarative table: one entry per endpoint of the interface
 * document (shared/seeds/000_…txt) plus the facts in shared/spec/weex-facts.md, and the five
 * partner reads that page adds (its last section: invitee totals, commission records,
 * verifyReferrals, getAssert, getDealData).
 *
 * The client (signing, budget, parsing), the simulator (routing, weights, validation), the
 * route handlers (input validation) and the budget all read this table. An endpoint rule
 * written anywhere else is a bug.
 *
 * `params` describes the request in the dashboard's terms (paging as `page`/`pageSize`) with
 * keys in wire order; `paging` says what the upstream calls them. `response` parses the
 * upstream body after lossless JSON parsing and envelope unwrapping.
 */
import { z } from "zod";
import {
  inDay,
  inDecimal,
  inEnum,
  inId,
  inIdList,
  inText,
  inTime,
  isUtcDate,
  wAmount,
  wBool,
  wDay,
  wDecimal,
  wDecimalOptional,
  wId,
  wIdOptional,
  wInt,
  wText,
  wTime,
  wTimeOptional,
} from "./wire";
import type { RejectedRecord } from "./record-problems";
import { ACCOUNT_TYPES, CONTRACT_ORDER_CAP, ID_LIST_LIMITS, PAGE_LIMITS, PRODUCT_TYPES, WINDOWS, type TimeWindow } from "./limits";
import { DAY_MS } from "../time/calendar";

// WEEX rules that pages need too live in limits.ts (no zod there, so client bundles stay small).
export { CONTRACT_ORDER_CAP, ID_LIST_LIMITS, PAGE_LIMITS, WINDOWS, type TimeWindow };

export type Side = "spot" | "contract";
/** public: unsigned; signed: affiliate key; trade: the trade key (falls back to the main key). */
export type Access = "public" | "signed" | "trade";

export interface Paging {
  /** upstream name of the page number (from 1) */
  page: string;
  /** upstream name of the page size */
  size: string;
  defaultSize: number;
  maxSize: number;
}

// ---------------------------------------------------------------------------------------------
// Shared field rules

export const NEW_CLIENT_ORDER_ID_RE = /^[.A-Za-z0-9:/_-]{1,36}$/;
const symbol = inText(40);
const productType = inEnum(PRODUCT_TYPES);
const accountType = inEnum(ACCOUNT_TYPES);
const workingType = inEnum(["CONTRACT_PRICE", "MARK_PRICE"]);

/**
 * A window bound as epoch ms: the bound itself, or for a day (`yyyy-MM-dd`, the partner reads
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
// Response records

export const spotOrderRecord = z.looseObject({
  symbol: z.string(),
  orderId: wId,
  clientOrderId: wText.optional(),
  price: wDecimal,
  origQty: wDecimal,
  executedQty: wDecimal,
  cummulativeQuoteQty: wDecimal,
  status: z.string(),
  timeInForce: z.string().optional(),
  type: z.string(),
  side: z.string(),
  time: wTime,
  updateTime: wTime,
  isWorking: wBool,
});

export const symbolDefinition = z.looseObject({
  symbol: z.string(),
  status: z.string(),
  baseAsset: z.string(),
  baseAssetPrecision: wInt.optional(),
  quoteAsset: z.string(),
  quoteAssetPrecision: wInt.optional(),
  tickSize: wDecimal.optional(),
  stepSize: wDecimal.optional(),
  minTradeAmount: wDecimal.optional(),
  maxTradeAmount: wDecimal.optional(),
  takerFeeRate: wDecimal.optional(),
  makerFeeRate: wDecimal.optional(),
  buyLimitPriceRatio: wDecimal.optional(),
  sellLimitPriceRatio: wDecimal.optional(),
  marketBuyLimitSize: wDecimal.optional(),
  marketSellLimitSize: wDecimal.optional(),
  marketFallbackPriceRatio: wDecimal.optional(),
  enableTrade: wBool.optional(),
  enableDisplay: wBool.optional(),
  displayDigitMerge: wText.optional(),
  displayNew: wBool.optional(),
  displayHot: wBool.optional(),
});

export const network = z.looseObject({
  network: z.string(),
  isDefault: wBool.optional(),
  depositEnable: wBool,
  withdrawEnable: wBool,
  withdrawFee: wDecimalOptional.optional(),
  withdrawMin: wDecimalOptional.optional(),
  withdrawIntegerMultiple: wDecimalOptional.optional(),
  minConfirm: wInt.optional(),
  withdrawTag: wBool.optional(),
  depositDust: wDecimalOptional.optional(),
  contractAddress: z.string().nullish(),
  contractAddressUrl: z.string().nullish(),
  depositDesc: z.string().nullish(),
  withdrawDesc: z.string().nullish(),
});

export const coinDefinition = z.looseObject({
  coin: z.string(),
  name: z.string().optional(),
  depositAllEnable: wBool,
  withdrawAllEnable: wBool,
  trading: wBool.optional(),
  brokered: wBool.optional(),
  networkList: z.array(network).default([]),
});

export const withdrawalRecord = z.looseObject({
  fromUserId: wId,
  toUserId: wId,
  withdrawId: wText,
  coin: z.string(),
  status: z.string(),
  amount: wDecimal,
  createTime: wTime,
  updateTime: wTime,
});

// The interface types the invitee `uid` and `subAffiliateUid` as String: real ones are digits,
// but any string is accepted and carried as an opaque identifier (weex-facts.md).
export const inviteeRecord = z.looseObject({
  uid: wText,
  registerTime: wTime,
  kycResult: wBool,
  inviteCode: wText.nullish(),
  firstDeposit: wTimeOptional.optional().transform((v) => v ?? null),
  firstTrade: wTimeOptional.optional().transform((v) => v ?? null),
  lastDeposit: wTimeOptional.optional().transform((v) => v ?? null),
  lastTrade: wTimeOptional.optional().transform((v) => v ?? null),
});

export const subAffiliateRecord = z.looseObject({
  subAffiliateUid: wText,
  productType: z.string(),
  date: z.string().refine(isUtcDate, "expected a date YYYY-MM-DD"),
  tradingVolume: wDecimal,
  netTradingFee: wDecimal,
  paidCommission: wDecimal,
});

// ---------------------------------------------------------------------------------------------
// Records of the partner reads (weex-facts.md, "The rest of WEEX's partner API"). Their
// amounts are `wAmount`: WEEX's "--" (it does not know) is null, never 0. Times and ids come as
// numbers or strings.

/** getAffiliateCommission: one commission paid, in the record's `coin`. */
export const commissionRecord = z.preprocess(
  // One of WEEX's tables names the time `dealTime` (a String in its example): either is the time.
  (v) => (isObject(v) && (v.date === undefined || v.date === null) && v.dealTime !== undefined ? { ...v, date: v.dealTime } : v),
  z.looseObject({
    uid: wId,
    date: wTime,
    coin: z.string(),
    // (when WEEX leaves it out, the request's product type: `items.implied`)
    productType: z.string(),
    fee: wAmount,
    commission: wAmount,
    rate: wAmount,
    symbol: wText,
    /** 1 = direct client, 2 = via a sub-agent */
    sourceType: wInt,
    takerAmount: wAmount,
    makerAmount: wAmount,
  }),
);

/** getChannelUserTradeAndAsset: one direct invitee's totals over the window. */
export const inviteeTotalsRecord = z.looseObject({
  uid: wText,
  depositAmount: wAmount,
  withdrawalAmount: wAmount,
  spotTradingAmount: wAmount,
  futuresTradingAmount: wAmount,
  commission: wAmount,
});

/** verifyReferrals: whether `uid` is a direct invitee, under WEEX's spelling `isRefferal`. */
export const referralRecord = z.preprocess(
  // WEEX misspells it; should it ever write `isReferral`, that is the same answer.
  (v) => (isObject(v) && v.isRefferal === undefined && v.isReferral !== undefined ? { ...v, isRefferal: v.isReferral } : v),
  z.looseObject({ uid: wId, isRefferal: wBool }),
);

/** getDealData: one direct invitee's volumes in USDT over the days asked. */
export const dealRecord = z.looseObject({
  userId: wId,
  spotDealAmountUsdt: wAmount,
  futuresProDealAmountUsdt: wAmount,
  // (undocumented meaning; absent is unknown too)
  spotProDealAmountUsdtTemp: wAmount.optional().transform((v) => v ?? null),
});

/** A snapshot amount of getAssert that may also be absent: unknown (null) either way. */
const snapshotAmount = wAmount.optional().transform((v) => v ?? null);

/** getAssert: one direct invitee's assets now, and its deposits within the days asked. */
export const memberAssets = z.looseObject({
  availableBalance: snapshotAmount,
  fundingTotalUsdt: snapshotAmount,
  spotProTotalUsdt: snapshotAmount,
  /** contract account equity */
  unimarginTotalUsdt: snapshotAmount,
  depositTotalAmount: wAmount,
  // (its items are not documented: carried as received)
  depositList: z.array(z.unknown()).nullish().transform((v) => v ?? []),
});

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export type SpotOrderRecord = z.infer<typeof spotOrderRecord>;
export type SymbolDefinition = z.infer<typeof symbolDefinition>;
export type CoinDefinition = z.infer<typeof coinDefinition>;
export type WithdrawalRecord = z.infer<typeof withdrawalRecord>;
export type InviteeRecord = z.infer<typeof inviteeRecord>;
export type SubAffiliateRecord = z.infer<typeof subAffiliateRecord>;
export type CommissionRecord = z.infer<typeof commissionRecord>;
export type InviteeTotalsRecord = z.infer<typeof inviteeTotalsRecord>;
export type ReferralRecord = z.infer<typeof referralRecord>;
export type DealRecord = z.infer<typeof dealRecord>;
export type MemberAssets = z.infer<typeof memberAssets>;

/** The dashboard's list shape (dashboard-api.md, "Response shapes"). */
export interface ListPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number | null;
  pages: number | null;
  hasNextPage: boolean;
  /** records of this page that could not be used (client side only; answers carry `warnings`) */
  rejected?: RejectedRecord[];
}

/** What the codec adds to a list answer whose records it parsed one by one. */
export interface Decoded {
  rejected?: RejectedRecord[];
}

// ---------------------------------------------------------------------------------------------
// Request schemas (dashboard field names; keys in wire order)

const placeOrderParams = z.strictObject({
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

const exchangeInfoParams = z.strictObject({
  symbol: symbol.optional(),
  symbols: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(symbol).min(1, "must name at least one symbol").max(100, "must name at most 100 symbols"))
    .transform((list) => list.join(","))
    .optional(),
  symbolStatus: z.literal("TRADING", { error: "only TRADING is supported" }).optional(),
});

const withdrawalsParams = z.strictObject({
  withdrawID: inText(64).optional(),
  coin: inText(20).optional(),
  startTime: inTime.optional(),
  endTime: inTime.optional(),
  fromAccountType: accountType.optional(),
  toAccountType: accountType.optional(),
});

const subAffiliatesParams = z.strictObject({
  subUid: inId.optional(),
  startTime: inTime.optional(),
  endTime: inTime.optional(),
  productType,
});

const inviteesParams = z.strictObject({
  uid: inId.optional(),
  startTime: inTime.optional(),
  endTime: inTime.optional(),
});

// The partner reads (weex-facts.md, last section): signed GETs, paging `page`/`pageSize`.

const inviteeTotalsParams = z.strictObject({
  uid: inId.optional(),
  startTime: inTime.optional(),
  endTime: inTime.optional(),
});

const commissionsParams = z.strictObject({
  uid: inId.optional(),
  startTime: inTime.optional(),
  endTime: inTime.optional(),
  coin: inText(20).optional(),
  // WEEX's default is SPOT: one call answers one product type
  productType: productType.optional(),
});

const verifyReferralsParams = z.strictObject({
  // sent as one comma-separated value
  userIds: inIdList(ID_LIST_LIMITS.verifyReferrals).transform((ids) => ids.join(",")),
});

const memberAssetsParams = z.strictObject({
  userId: inId,
  startTime: inDay.optional(),
  endTime: inDay.optional(),
});

const memberDealsParams = z.strictObject({
  // sent once per id (`userIds=1&userIds=2`, `EndpointDef.repeated`); absent: every direct invitee
  userIds: inIdList(ID_LIST_LIMITS.memberDeals).optional(),
  startTime: inDay.optional(),
  endTime: inDay.optional(),
});

const placeTpSlParams = z.strictObject({
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

const modifyTpSlParams = z.strictObject({
  orderId: inId,
  triggerPrice: inDecimal({ positive: true }),
  executePrice: inDecimal({ positive: false }).optional(),
  triggerPriceType: z.union([z.literal(1), z.literal(3)], { error: "must be 1 (last price) or 3 (mark price)" }).optional(),
});

const spotOrderParams = z.strictObject({
  orderId: inId.optional(),
  origClientOrderId: inText(64).optional(),
});

const allOrdersParams = z.strictObject({
  symbol,
  startTime: inTime.optional(),
  endTime: inTime.optional(),
});

// ---------------------------------------------------------------------------------------------
// Response schemas

const placeOrderResult = z.looseObject({
  orderId: wIdOptional.optional().transform((v) => v ?? null),
  clientOrderId: wText.optional(),
  success: wBool,
  errorCode: wText.nullish().transform((v) => v ?? ""),
  errorMessage: z.string().nullish().transform((v) => v ?? ""),
});

const placeTpSlResult = z.array(
  z.looseObject({
    success: wBool,
    // 0 on failure
    orderId: wIdOptional.optional().transform((v) => v ?? "0"),
  }),
);

const modifyTpSlResult = z.looseObject({
  code: wText,
  msg: z.string().nullish().transform((v) => v ?? ""),
  requestTime: wTime.optional(),
  data: z.unknown().optional(),
});

const exchangeInfoResult = z.looseObject({
  timezone: z.string().optional(),
  serverTime: wTime.optional(),
  symbols: z.array(symbolDefinition),
});

// The lists' records are parsed one by one by the codec (`EndpointDef.items`): a record that
// cannot be used is set aside and reported, never allowed to fail the page.
const withdrawalsResult = z.looseObject({
  items: z.array(z.unknown()),
  total: wInt.optional(),
  pageSize: wInt.optional(),
  page: wInt.optional(),
  pages: wInt.optional(),
  hasNextPage: wBool.optional(),
});

const subAffiliatesResult = z.looseObject({
  records: z.array(z.unknown()),
  total: wInt.optional(),
  size: wInt.optional(),
  current: wInt.optional(),
  pages: wInt.optional(),
});

const inviteesResult = z.looseObject({
  channelUserInfoItemList: z.array(z.unknown()),
  pages: wInt.optional(),
  pageSize: wInt.optional(),
  total: wInt.optional(),
});

// The partner reads answer the flat V3 object; their V2 copies wrap it in {code: "200", data}
// (the codec unwraps). List records are parsed one by one (`items`).
const inviteeTotalsResult = z.looseObject({
  records: z.array(z.unknown()),
  pages: wInt.optional(),
  pageSize: wInt.optional(),
  total: wInt.optional(),
});

const commissionsResult = z.looseObject({
  channelCommissionInfoItems: z.array(z.unknown()),
  pages: wInt.optional(),
  pageSize: wInt.optional(),
  total: wInt.optional(),
});

const memberDealsResult = z.looseObject({
  data: z.array(z.unknown()),
  // the days WEEX applied
  startTime: wDay.optional(),
  endTime: wDay.optional(),
});

// ---------------------------------------------------------------------------------------------
// The table

/**
 * One endpoint and every rule of it. Written entries give `fields` (the request's own fields,
 * strict) and optionally `rule` (rules across fields) and `window`; `endpoint()` derives
 * `params`, the schema the client, the simulator and the routes validate with, from those
 * three, so a time window is written once. Rules that depend on the answer are methods of the
 * entry: `toList` (a page in the dashboard's list shape), `failure` (a business failure inside
 * HTTP 200), `placement` (what a placement means for a person). (Method syntax: each entry's
 * own result type, the table read through the general type.)
 */
export interface EndpointDef<P extends z.ZodObject = z.ZodObject, R extends z.ZodType = z.ZodType> {
  key: string;
  /**
   * the number in the interface document's Endpoints table; absent for the partner reads
   * beyond the document (weex-facts.md, "The rest of WEEX's partner API")
   */
  doc?: number;
  method: "GET" | "POST";
  side: Side;
  path: string;
  ipWeight: number;
  /** 0 where the document gives no UID weight */
  uidWeight: number;
  access: Access;
  /** the request's fields (dashboard names, wire order), no cross-field rule or window */
  fields: P;
  /** rules across fields (e.g. LIMIT needs a price) */
  rule?(p: z.output<P>, ctx: z.RefinementCtx): void;
  /** the upstream's time window on startTime/endTime */
  window?: TimeWindow;
  /** `fields` with `rule` and `window` applied: what a request is validated with */
  params: P;
  paging?: Paging;
  /** a paged endpoint's answer (records parsed one by one, `Decoded`) as the dashboard's list page */
  toList?(result: z.output<R> & Decoded, page: number, pageSize: number): ListPage<unknown>;
  /** a business failure WEEX reports inside HTTP 200 (success:false, code ≠ 00000, …), else null */
  failure?(result: z.output<R>): { code: string; msg: string } | null;
  /** body fields that are Long on the wire: sent as raw JSON numbers, carried as strings */
  jsonNumberFields?: readonly string[];
  /** query fields holding a list, sent once per value (`userIds=1&userIds=2`) */
  repeated?: readonly string[];
  response: R;
  /**
   * A list answer whose records are parsed one by one: `field` of the response holds them,
   * `record` is the schema of one. Records that do not match are set aside (`rejected` of the
   * decoded result) instead of failing the answer. `implied`: fields the request settles that
   * WEEX may leave out of a record (getAffiliateCommission's `productType`), filled in where
   * the record has none.
   */
  items?: { field: string; record: z.ZodType; implied?(input: Record<string, unknown>): Record<string, unknown> };
  /** V2 endpoints whose `{code,msg,data}` envelope IS the result: do not unwrap */
  keepEnvelope?: boolean;
  /**
   * A read whose method the published sources disagree on (weex-facts.md): when WEEX answers
   * the documented method with -1150, the client asks once more with this one.
   */
  altMethod?: "GET" | "POST";
  /** an affiliate report: 404 or -1150 means WEEX no longer serves it (the archive still may) */
  report?: string;
  /** a placement or modification of an order: never retried (see `Placement`) */
  placesOrder?: Placement<P, R>;
  /** counts against the contract order cap (CONTRACT_ORDER_CAP): new orders, not modifications */
  orderCap?: boolean;
}

/** What a placement means for the person placing it, and the upstream order id it is about. */
export interface Placement<P extends z.ZodObject = z.ZodObject, R extends z.ZodType = z.ZodType> {
  /** the outcome when WEEX refused it before executing (429) */
  notDone: string;
  /** what to check before sending it again when its answer was lost */
  maybeDone(input: z.output<P>): string;
  /** the upstream order id the request or its result names (for the audit log), null when none */
  orderId(params: z.output<P>, result: z.output<R> | undefined): string | null;
}

/** An entry of the table, its `params` derived from `fields`, `rule` and `window`. */
function endpoint<P extends z.ZodObject, R extends z.ZodType>(spec: Omit<EndpointDef<P, R>, "params">): EndpointDef<P, R> {
  return { ...spec, params: withRules(spec.fields, spec.rule, spec.window) };
}

/** `fields` refined by `rule` and `window` (the same object type: zod's refinements are checks). */
function withRules<P extends z.ZodObject>(fields: P, rule: EndpointDef<P>["rule"], window: TimeWindow | undefined): P {
  if (!rule && !window) return fields;
  return fields.superRefine((p, ctx) => {
    rule?.(p, ctx);
    if (window) checkWindow(window, p as { startTime?: number | string; endTime?: number | string }, ctx);
  });
}

/**
 * The endpoint with another time window (e.g. the archive's queries, where nothing goes
 * upstream and only the ordering rule applies); its fields and rules unchanged.
 */
export function withWindow<P extends z.ZodObject, R extends z.ZodType>(ep: EndpointDef<P, R>, window: TimeWindow): EndpointDef<P, R> {
  return { ...ep, window, params: withRules(ep.fields, ep.rule, window) };
}

/** A placement: the order placed, or not, under the client order id the person chose. */
const ORDER_PLACEMENT = {
  notDone: "The order was not placed",
  maybeDone: (input: { newClientOrderId?: string; clientOrderId?: string }) =>
    `The order may have been placed: check the orders for client order id "${String(input.newClientOrderId ?? input.clientOrderId)}" before resending, and resend with the same client order id.`,
};

/** Paging fields as the list page has them, where WEEX does not say: more only if the page was full. */
function listPage(items: unknown[], rejected: Decoded["rejected"], page: number, pageSize: number, known: Partial<ListPage<unknown>>): ListPage<unknown> {
  const pages = known.pages ?? null;
  // (total, pages and hasNextPage are the upstream's: a set-aside record still takes its place in a page)
  return {
    items,
    ...(rejected?.length ? { rejected } : {}),
    page: known.page ?? page,
    pageSize: known.pageSize ?? pageSize,
    total: known.total ?? null,
    pages,
    hasNextPage: known.hasNextPage ?? (pages !== null ? (known.page ?? page) < pages : items.length + (rejected?.length ?? 0) === pageSize),
  };
}

export const ENDPOINTS = {
  placeOrder: endpoint({
    key: "placeOrder",
    doc: 1,
    method: "POST",
    side: "contract",
    path: "/capi/v3/order",
    ipWeight: 2,
    uidWeight: 5,
    access: "trade",
    fields: placeOrderParams,
    rule(p, ctx) {
      if (p.type === "LIMIT") {
        if (!p.timeInForce) ctx.addIssue({ code: "custom", path: ["timeInForce"], message: "is required for a LIMIT order" });
        if (!p.price) ctx.addIssue({ code: "custom", path: ["price"], message: "is required for a LIMIT order" });
      }
    },
    response: placeOrderResult,
    failure: (r) => (r.success ? null : { code: r.errorCode, msg: r.errorMessage }),
    placesOrder: { ...ORDER_PLACEMENT, orderId: (_p, r) => r?.orderId ?? null },
    orderCap: true,
  }),
  exchangeInfo: endpoint({
    key: "exchangeInfo",
    doc: 2,
    method: "GET",
    side: "spot",
    path: "/api/v3/exchangeInfo",
    ipWeight: 20,
    uidWeight: 0,
    access: "public",
    fields: exchangeInfoParams,
    rule(p, ctx) {
      if (p.symbol !== undefined && p.symbols !== undefined) {
        ctx.addIssue({ code: "custom", path: ["symbols"], message: "cannot be combined with symbol" });
      }
    },
    response: exchangeInfoResult,
  }),
  withdrawals: endpoint({
    key: "withdrawals",
    doc: 3,
    method: "GET",
    side: "spot",
    path: "/api/v3/rebate/affiliate/getInternalWithdrawalStatus",
    ipWeight: 100,
    uidWeight: 100,
    access: "signed",
    fields: withdrawalsParams,
    window: WINDOWS.withdrawals,
    paging: { page: "page", size: "pageSize", defaultSize: 100, maxSize: PAGE_LIMITS.withdrawals },
    response: withdrawalsResult,
    toList: (r, page, pageSize) => listPage(r.items, r.rejected, page, pageSize, r),
    items: { field: "items", record: withdrawalRecord },
    report: "internal transfers",
  }),
  subAffiliates: endpoint({
    key: "subAffiliates",
    doc: 4,
    method: "POST",
    side: "spot",
    path: "/api/v3/rebate/affiliate/querySubChannelTransactions",
    ipWeight: 10,
    uidWeight: 10,
    access: "signed",
    fields: subAffiliatesParams,
    window: WINDOWS.subAffiliates,
    // No maximum is documented: 100 is the safe size (weex-facts.md).
    paging: { page: "pageNum", size: "pageSize", defaultSize: 100, maxSize: PAGE_LIMITS.subAffiliates },
    jsonNumberFields: ["subUid"],
    response: subAffiliatesResult,
    toList: (r, page, pageSize) => listPage(r.records, r.rejected, page, pageSize, { page: r.current, pageSize: r.size, total: r.total, pages: r.pages }),
    items: { field: "records", record: subAffiliateRecord },
    report: "sub-affiliate records",
    // WEEX's docs and the interface say POST; ccxt's weex class says GET.
    altMethod: "GET",
  }),
  coins: endpoint({
    key: "coins",
    doc: 5,
    method: "GET",
    side: "spot",
    path: "/api/v3/coins",
    ipWeight: 5,
    uidWeight: 0,
    access: "public",
    fields: z.strictObject({}),
    response: z.array(coinDefinition),
  }),
  invitees: endpoint({
    key: "invitees",
    doc: 6,
    method: "GET",
    side: "spot",
    path: "/api/v3/rebate/affiliate/getAffiliateUIDs",
    ipWeight: 20,
    uidWeight: 20,
    access: "signed",
    fields: inviteesParams,
    window: WINDOWS.invitees,
    paging: { page: "page", size: "pageSize", defaultSize: 100, maxSize: PAGE_LIMITS.invitees },
    response: inviteesResult,
    // (the page number is not in the answer: the one asked for)
    toList: (r, page, pageSize) => listPage(r.channelUserInfoItemList, r.rejected, page, pageSize, { pageSize: r.pageSize, total: r.total, pages: r.pages }),
    items: { field: "channelUserInfoItemList", record: inviteeRecord },
    report: "invited users",
  }),
  placeTpSl: endpoint({
    key: "placeTpSl",
    doc: 7,
    method: "POST",
    side: "contract",
    path: "/capi/v2/order/placeTpSlOrder",
    ipWeight: 2,
    uidWeight: 5,
    access: "trade",
    fields: placeTpSlParams,
    response: placeTpSlResult,
    failure(r) {
      const failed = r.find((x) => !x.success || x.orderId === "0");
      return failed || r.length === 0 ? { code: "", msg: "plan order was not placed" } : null;
    },
    placesOrder: {
      ...ORDER_PLACEMENT,
      orderId(_p, r) {
        const ids = (r ?? []).map((x) => x.orderId).filter((id) => id !== "0");
        return ids.length ? ids.join(",") : null;
      },
    },
    orderCap: true,
  }),
  modifyTpSl: endpoint({
    key: "modifyTpSl",
    doc: 8,
    method: "POST",
    side: "contract",
    path: "/capi/v2/order/modifyTpSlOrder",
    ipWeight: 2,
    uidWeight: 5,
    access: "trade",
    fields: modifyTpSlParams,
    jsonNumberFields: ["orderId"],
    response: modifyTpSlResult,
    keepEnvelope: true,
    failure: (r) => (r.code === "00000" ? null : { code: r.code, msg: r.msg }),
    placesOrder: {
      notDone: "The change was not applied",
      maybeDone: (p) => `The change to plan order ${String(p.orderId)} may have been applied: check the order before sending the change again.`,
      orderId: (p) => p.orderId,
    },
  }),
  spotOrder: endpoint({
    key: "spotOrder",
    doc: 9,
    method: "GET",
    side: "spot",
    path: "/api/v3/order",
    ipWeight: 2,
    uidWeight: 2,
    access: "signed",
    fields: spotOrderParams,
    rule(p, ctx) {
      if (p.orderId === undefined && p.origClientOrderId === undefined) {
        ctx.addIssue({ code: "custom", path: ["orderId"], message: "either orderId or origClientOrderId is required" });
      }
    },
    response: spotOrderRecord,
  }),
  allOrders: endpoint({
    key: "allOrders",
    doc: 10,
    method: "GET",
    side: "spot",
    path: "/api/v3/allOrders",
    ipWeight: 10,
    uidWeight: 10,
    access: "signed",
    fields: allOrdersParams,
    window: WINDOWS.allOrders,
    paging: { page: "page", size: "limit", defaultSize: 100, maxSize: PAGE_LIMITS.allOrders },
    response: z.array(spotOrderRecord),
    // (a bare array: total and pages are unknown)
    toList: (r, page, pageSize) => listPage(r, undefined, page, pageSize, {}),
  }),

  // The partner reads beyond the interface document (weex-facts.md, last section). Weights:
  // the larger figure where WEEX's tables disagree (20, not 10).
  inviteeTotals: endpoint({
    key: "inviteeTotals",
    method: "GET",
    side: "spot",
    path: "/api/v3/rebate/affiliate/getChannelUserTradeAndAsset",
    ipWeight: 20,
    uidWeight: 20,
    access: "signed",
    fields: inviteeTotalsParams,
    window: WINDOWS.inviteeTotals,
    paging: { page: "page", size: "pageSize", defaultSize: 100, maxSize: PAGE_LIMITS.inviteeTotals },
    response: inviteeTotalsResult,
    toList: (r, page, pageSize) => listPage(r.records, r.rejected, page, pageSize, { pageSize: r.pageSize, total: r.total, pages: r.pages }),
    items: { field: "records", record: inviteeTotalsRecord },
    report: "invitee trade and asset totals",
  }),
  commissions: endpoint({
    key: "commissions",
    method: "GET",
    side: "spot",
    path: "/api/v3/rebate/affiliate/getAffiliateCommission",
    ipWeight: 20,
    uidWeight: 20,
    access: "signed",
    fields: commissionsParams,
    window: WINDOWS.commissions,
    paging: { page: "page", size: "pageSize", defaultSize: 100, maxSize: PAGE_LIMITS.commissions },
    response: commissionsResult,
    toList: (r, page, pageSize) =>
      listPage(r.channelCommissionInfoItems, r.rejected, page, pageSize, { pageSize: r.pageSize, total: r.total, pages: r.pages }),
    items: {
      field: "channelCommissionInfoItems",
      record: commissionRecord,
      implied: (input) => ({ productType: input.productType ?? "SPOT" }),
    },
    report: "commission records",
  }),
  verifyReferrals: endpoint({
    key: "verifyReferrals",
    method: "GET",
    side: "spot",
    path: "/api/v3/agency/verifyReferrals",
    ipWeight: 20,
    uidWeight: 20,
    access: "signed",
    fields: verifyReferralsParams,
    // a bare array, one entry per id asked
    response: z.array(referralRecord),
    report: "referral checks",
  }),
  memberAssets: endpoint({
    key: "memberAssets",
    method: "GET",
    side: "spot",
    // (sic: WEEX's path says "Assert")
    path: "/api/v3/agency/getAssert",
    ipWeight: 20,
    uidWeight: 20,
    access: "signed",
    fields: memberAssetsParams,
    window: WINDOWS.memberAssets,
    response: memberAssets,
    report: "invitee assets",
  }),
  memberDeals: endpoint({
    key: "memberDeals",
    method: "GET",
    side: "spot",
    path: "/api/v3/agency/getDealData",
    ipWeight: 20,
    uidWeight: 20,
    access: "signed",
    fields: memberDealsParams,
    window: WINDOWS.memberDeals,
    repeated: ["userIds"],
    response: memberDealsResult,
    items: { field: "data", record: dealRecord },
    report: "invitee deal data",
  }),
} as const;

export type EndpointKey = keyof typeof ENDPOINTS;
export type Endpoints = typeof ENDPOINTS;
export type ParamsOf<K extends EndpointKey> = z.input<Endpoints[K]["params"]>;
export type ParsedParamsOf<K extends EndpointKey> = z.output<Endpoints[K]["params"]>;
/**
 * Answers read with `call` whose records the codec parses one by one (`items`): the field and
 * the type of one record (the lists read with `list` are typed by the client's ItemTypes).
 */
interface CalledItems {
  memberDeals: { data: DealRecord };
}
export type ResultOf<K extends EndpointKey> = K extends keyof CalledItems
  ? Omit<z.output<Endpoints[K]["response"]>, keyof CalledItems[K]> & { [F in keyof CalledItems[K]]: CalledItems[K][F][] } & { rejected: RejectedRecord[] }
  : z.output<Endpoints[K]["response"]>;

export const ENDPOINT_LIST: EndpointDef[] = Object.values(ENDPOINTS);

/** Find an endpoint by method and path (the simulator's router). */
export function endpointFor(method: string, path: string): EndpointDef | undefined {
  return ENDPOINT_LIST.find((e) => e.method === method && e.path === path);
}

/** The paged endpoints. */
export type PagedKey = "withdrawals" | "subAffiliates" | "invitees" | "allOrders" | "inviteeTotals" | "commissions";

/** Convert a parsed upstream result of a paged endpoint into the dashboard's list shape. */
export function toListPage(key: PagedKey, result: unknown, page: number, pageSize: number): ListPage<unknown> {
  const ep: EndpointDef = ENDPOINTS[key];
  return ep.toList!(result as Decoded, page, pageSize);
}

/** Whether a parsed result is a business failure reported inside HTTP 200. */
export function businessFailure(key: EndpointKey, result: unknown): { code: string; msg: string } | null {
  const ep: EndpointDef = ENDPOINTS[key];
  return ep.failure?.(result) ?? null;
}
