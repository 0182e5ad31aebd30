/**
 * WEEX's records: the schema of one record of each answer (an order, a symbol, a coin, a
 * transfer, an invitee, a sub-affiliate day, and the rebate reads' commission records, totals,
 * referral checks, deals and assets) and its type. The endpoint table (endpoints.ts) names them
 * as its answers' records; the archive, the affiliate domain and the simulator read and write
 * records of these types.
 */
import { z } from "zod";
import { isUtcDate, wAmount, wBool, wDecimal, wDecimalOptional, wId, wInt, wText, wTime, wTimeOptional } from "./wire";

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
// Records of the rebate reads beyond the interface document (weex-facts.md, last section). Their
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
