/**
 * What each invitee is worth, and the invitee aggregates built on it (cohorts, invite codes):
 * the answers of the value list, commission series, referral check, an invitee's assets,
 * cohorts and codes (responses.ts lists every route's answer).
 */
import { z } from "zod";
import { affiliateMeta, countFields, decimal, id, listPageSchema, time } from "./answer-meta";

/**
 * Amounts per coin, `{USDT: "12.5", BTC: "0.0001"}`: only the coins that occur (`{}` when none),
 * each the exact sum of records paid in that coin. Coins are never added together.
 */
export const coinAmountsSchema = z.record(z.string(), decimal);
export type CoinAmounts = z.infer<typeof coinAmountsSchema>;

/**
 * What one invitee (a direct one: sourceType 1) is worth over the range: its trading volumes
 * (USDT, from its commission records), deposits and withdrawals (USDT, WEEX's totals), and the
 * commission it brought, per coin. `inviteCode` and `registerTime` are null where the
 * dashboard does not know the invitee (registered over a year before the archive began).
 */
export const inviteeValueSchema = z.object({
  uid: id,
  inviteCode: z.string().nullable(),
  registerTime: time.nullable(),
  spotTradingAmount: decimal,
  futuresTradingAmount: decimal,
  depositAmount: decimal,
  withdrawalAmount: decimal,
  commission: coinAmountsSchema,
});
export type InviteeValue = z.infer<typeof inviteeValueSchema>;
/** The same sums over every row of the filter (not only the page's). */
export const inviteeValueTotalsSchema = inviteeValueSchema.omit({ uid: true, inviteCode: true, registerTime: true });
export type InviteeValueTotals = z.infer<typeof inviteeValueTotalsSchema>;

/**
 * A stretch of deposits and withdrawals as they were summed: WEEX totals them per window, and the
 * archive holds them per UTC day (the last 90 days of its first backfill, and every day since)
 * or per UTC week (Monday to Sunday; older history of that backfill). A period counts in a range
 * when its midpoint lies in it; `startTime`/`endTime` (inclusive ms) are the periods counted.
 */
export const movementPeriodSchema = z.object({ startTime: time, endTime: time, period: z.enum(["day", "week"]) });
export type MovementPeriod = z.infer<typeof movementPeriodSchema>;

/**
 * GET /api/affiliate/invitees/value: a page of invitees, most valuable first, with the range's
 * totals; `resolution.movements` says which periods the deposits and withdrawals are the sums
 * of (commission and volumes are summed record by record, to the millisecond of the range).
 */
export const inviteeValuePageSchema = listPageSchema(inviteeValueSchema).extend({
  totals: inviteeValueTotalsSchema,
  resolution: z.object({ movements: z.array(movementPeriodSchema) }),
});
export type InviteeValuePage = z.infer<typeof inviteeValuePageSchema>;

/**
 * GET /api/affiliate/commissions/series: commission records summed per bucket (day, week from
 * Monday, month in `tz`, by each record's own time), coin, product type and source type
 * (1 direct clients, 2 sub-agents). `fee` and `commission` are in `coin`; `volume` is the
 * records' taker + maker amounts (USDT).
 */
export const commissionSeriesItemSchema = z.object({
  bucket: z.string(),
  coin: z.string(),
  productType: z.string(),
  sourceType: z.number().int(),
  commission: decimal,
  fee: decimal,
  volume: decimal,
  records: z.number().int(),
});
export type CommissionSeriesItem = z.infer<typeof commissionSeriesItemSchema>;
export const commissionSeriesSchema = z.object({
  granularity: z.string(),
  tz: z.string(),
  items: z.array(commissionSeriesItemSchema),
  /** the range's sums: commission and fee per coin, and the commission by product type ("SPOT", "FUTURES") and source type ("1", "2") */
  totals: z.object({
    commission: coinAmountsSchema,
    fee: coinAmountsSchema,
    volume: decimal,
    records: z.number().int(),
    byProductType: z.record(z.string(), coinAmountsSchema),
    bySourceType: z.record(z.string(), coinAmountsSchema),
  }),
  ...affiliateMeta,
});
export type CommissionSeries = z.infer<typeof commissionSeriesSchema>;

/**
 * The span of commission records a cohort's or an invite code's value was computed from
 * (inclusive ms), or null when none was read (`source=live` over a range longer than WEEX's
 * records are read live, LIVE_COMMISSION_MAX_DAYS).
 */
export const commissionRangeSchema = z.object({ startTime: time, endTime: time }).nullable();

/** POST /api/affiliate/referrals/verify: each uid asked (once, in the order given) and whether it is a direct invitee. */
export const referralCheckSchema = z.object({
  items: z.array(z.object({ uid: id, referral: z.boolean() })),
  referrals: z.number().int(),
  others: z.number().int(),
  ...affiliateMeta,
});
export type ReferralCheck = z.infer<typeof referralCheckSchema>;

/**
 * GET /api/affiliate/invitees/{uid}/assets (live): WEEX's snapshot of a direct invitee's
 * accounts now (USDT; null where WEEX does not know) and its deposits within the UTC days
 * `startDate`..`endDate` (`depositList` as WEEX sends it).
 */
export const inviteeAssetsSchema = z.looseObject({
  uid: id,
  startDate: z.string(),
  endDate: z.string(),
  availableBalance: decimal.nullable(),
  fundingTotalUsdt: decimal.nullable(),
  spotProTotalUsdt: decimal.nullable(),
  unimarginTotalUsdt: decimal.nullable(),
  depositTotalAmount: decimal.nullable(),
  depositList: z.array(z.unknown()),
  ...affiliateMeta,
});
export type InviteeAssets = z.infer<typeof inviteeAssetsSchema>;

/** GET /api/affiliate/invitees/cohorts: counts per cohort, the median as decimal hours. */
const withinSchema = z.object(countFields("d1", "d7", "d30"));
export const cohortItemSchema = z.object({
  cohort: z.string(),
  registered: z.number().int(),
  kycPassed: z.number().int(),
  deposited: z.number().int(),
  traded: z.number().int(),
  depositedWithin: withinSchema,
  tradedWithin: withinSchema,
  activeLast30d: z.number().int(),
  medianHoursToFirstTrade: decimal.nullable(),
  /**
   * The commission the cohort's invitees brought within 7, 30, 90 and 180 days of
   * their own registration, divided by `registered` (per coin, to 10 decimal places, half up).
   * null while the cohort is too young for it: the end of its span (its week or month, cut by
   * the range and by now) plus N days lies after the answer's `commissionRange` (which never
   * ends after now), or its span starts before that range (docs/invitee-value.md).
   */
  commissionPerInvitee: z.object({ d7: coinAmountsSchema.nullable(), d30: coinAmountsSchema.nullable(), d90: coinAmountsSchema.nullable(), d180: coinAmountsSchema.nullable() }),
});
export type CohortItem = z.infer<typeof cohortItemSchema>;
export const cohortsSchema = z.object({
  by: z.enum(["week", "month"]),
  tz: z.string(),
  items: z.array(cohortItemSchema),
  /** traders of the range by time from registration to first trade; the last bin (null) is open */
  timeToFirstTrade: z.array(z.object({ upToHours: z.number().nullable(), traded: z.number().int() })),
  commissionRange: commissionRangeSchema,
  ...affiliateMeta,
});
export type Cohorts = z.infer<typeof cohortsSchema>;

/**
 * GET /api/affiliate/invitees/codes: each invite code's funnel; an absent code is
 * `null`. Beside it, the commission (per coin) and the volumes (USDT) of the code's invitees
 * registered in the range, from their records in the range; null when no commission records
 * were read for it (`commissionRange` null).
 */
export const codeItemSchema = z.object({
  inviteCode: z.string().nullable(),
  ...countFields("registered", "kycPassed", "deposited", "traded"),
  commission: coinAmountsSchema.nullable(),
  spotTradingAmount: decimal.nullable(),
  futuresTradingAmount: decimal.nullable(),
});
export type CodeItem = z.infer<typeof codeItemSchema>;
export const codesSchema = z.object({ items: z.array(codeItemSchema), commissionRange: commissionRangeSchema, ...affiliateMeta });
export type Codes = z.infer<typeof codesSchema>;
