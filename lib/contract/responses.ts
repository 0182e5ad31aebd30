/**
 * What the dashboard's routes answer (dashboard-api.md, "Response shapes"), as zod schemas with
 * the types inferred from them. The server builds these values; the pages type their data
 * with the inferred types (`import type`, so no schema reaches a page's bundle unless it
 * parses). Identifiers and decimals are strings, times epoch milliseconds; records keep the
 * interface's field names and may carry fields WEEX adds (loose objects).
 *
 * Here: the records of the lists, their pages and the sub-affiliate aggregates; by concern
 * beside it, what every answer is made of (answer-meta.ts), what each invitee is worth and the
 * invitee aggregates (invitee-answers.ts), the archive's and the administration's answers
 * (admin-answers.ts). This module answers for all of them.
 */
import { z } from "zod";
import { affiliateMeta, countFields, decimal, id, listPageSchema, readWindowSchema, subAffiliateMeta, time } from "./answer-meta";

export { pendingRangeSchema, freshnessSchema, recordProblemSchema, warningsSchema, readWindowSchema, listPageSchema } from "./answer-meta";
export type { PendingRange, Freshness, Warnings, ListPage } from "./answer-meta";
export * from "./invitee-answers";
export * from "./admin-answers";

// ---------------------------------------------------------------------------------------------
// Records of the lists

/** GET /api/affiliate/invitees: an invited user (uid is any string WEEX sends). */
export const inviteeSchema = z.looseObject({
  uid: id,
  registerTime: time,
  kycResult: z.boolean(),
  inviteCode: z.string().nullish(),
  firstDeposit: time.nullable(),
  firstTrade: time.nullable(),
  lastDeposit: time.nullable(),
  lastTrade: time.nullable(),
});
export type Invitee = z.infer<typeof inviteeSchema>;

/** GET /api/affiliate/sub-affiliates: one sub-affiliate, product type and UTC day. */
export const subAffiliateRecordSchema = z.looseObject({
  subAffiliateUid: id,
  productType: z.string(),
  date: z.string(),
  tradingVolume: decimal,
  netTradingFee: decimal,
  paidCommission: decimal,
});
export type SubAffiliateRow = z.infer<typeof subAffiliateRecordSchema>;

/** GET /api/affiliate/withdrawals: an internal transfer. */
export const transferSchema = z.looseObject({
  fromUserId: id,
  toUserId: id,
  withdrawId: id,
  coin: z.string(),
  status: z.string(),
  amount: decimal,
  createTime: time,
  updateTime: time,
  fromAccountType: z.string().optional(),
  toAccountType: z.string().optional(),
});
export type Transfer = z.infer<typeof transferSchema>;

/** GET /api/spot/order and the items of /api/spot/orders. */
export const spotOrderSchema = z.looseObject({
  symbol: z.string(),
  orderId: id,
  clientOrderId: z.string().optional(),
  price: decimal,
  origQty: decimal,
  executedQty: decimal,
  cummulativeQuoteQty: decimal,
  status: z.string(),
  timeInForce: z.string().optional(),
  type: z.string(),
  side: z.string(),
  time,
  updateTime: time,
  isWorking: z.boolean(),
});
export type SpotOrder = z.infer<typeof spotOrderSchema>;

/**
 * GET /api/affiliate/commissions: one commission record under WEEX's field names:
 * `date` its time (ms), paid in `coin`; an amount WEEX does not know (`"--"`) is null, never 0.
 * `sourceType` 1 = a direct client, 2 = via a sub-agent.
 */
export const commissionRecordSchema = z.looseObject({
  uid: id,
  date: time,
  coin: z.string(),
  productType: z.string(),
  fee: decimal.nullable(),
  commission: decimal.nullable(),
  rate: decimal.nullable(),
  symbol: z.string(),
  sourceType: z.number().int(),
  takerAmount: decimal.nullable(),
  makerAmount: decimal.nullable(),
});
export type CommissionRow = z.infer<typeof commissionRecordSchema>;

export const inviteesPageSchema = listPageSchema(inviteeSchema);
export const commissionsPageSchema = listPageSchema(commissionRecordSchema);
export const subAffiliatesPageSchema = listPageSchema(subAffiliateRecordSchema).extend({ window: readWindowSchema });
export const transfersPageSchema = listPageSchema(transferSchema);
export const spotOrdersPageSchema = listPageSchema(spotOrderSchema);

// ---------------------------------------------------------------------------------------------
// Aggregates

/** GET /api/affiliate/sub-affiliates/series: sums per bucket and product type. */
export const seriesItemSchema = z.object({
  bucket: z.string(),
  productType: z.string(),
  tradingVolume: decimal,
  netTradingFee: decimal,
  paidCommission: decimal,
});
export type SeriesItem = z.infer<typeof seriesItemSchema>;
/** A metric's sum over the whole range: every product type, and SPOT and FUTURES apart. */
const seriesTotalSchema = z.object({ total: decimal, SPOT: decimal, FUTURES: decimal });
export const seriesSchema = z.object({
  granularity: z.string(),
  tz: z.string(),
  items: z.array(seriesItemSchema),
  /** the range's sums (exact), so a page shows them without summing the items itself */
  totals: z.object({ tradingVolume: seriesTotalSchema, netTradingFee: seriesTotalSchema, paidCommission: seriesTotalSchema }),
  ...subAffiliateMeta,
});
export type SeriesResponse = z.infer<typeof seriesSchema>;

/** GET /api/affiliate/sub-affiliates/leaderboard */
export const leaderboardItemSchema = seriesItemSchema.omit({ bucket: true, productType: true }).extend({ subAffiliateUid: id });
export type LeaderboardItem = z.infer<typeof leaderboardItemSchema>;
export const leaderboardSchema = z.object({ items: z.array(leaderboardItemSchema), ...subAffiliateMeta });
export type LeaderboardResponse = z.infer<typeof leaderboardSchema>;

/** GET /api/affiliate/invitees/funnel: invitees of the range at each stage. */
export const funnelSchema = z.object({ ...countFields("registered", "kycPassed", "firstDeposit", "firstTrade"), ...affiliateMeta });
export type FunnelResponse = z.infer<typeof funnelSchema>;
export type FunnelCounts = Pick<FunnelResponse, "registered" | "kycPassed" | "firstDeposit" | "firstTrade">;
