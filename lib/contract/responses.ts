/**
 * What the dashboard's routes answer (dashboard-api.md, "Response shapes"), as zod schemas with
 * the types inferred from them. The server builds these values; the pages type their data
 * with the inferred types (`import type`, so no schema reaches a page's bundle unless it
 * parses). Identifiers and decimals are strings, times epoch milliseconds; records keep the
 * interface's field names and may carry fields WEEX adds (loose objects).
 */
import { z } from "zod";
import type { ReadWindow } from "./params";
import { USER_ROLES } from "./roles";

const id = z.string();
const decimal = z.string();
const time = z.number();

// ---------------------------------------------------------------------------------------------
// What every affiliate answer says about itself

/** A stretch of an answer's range that is not in it yet (inclusive epoch ms; a null start: open). */
export const pendingRangeSchema = z.object({ startTime: time.nullable(), endTime: time });
export type PendingRange = z.infer<typeof pendingRangeSchema>;

/**
 * Where an affiliate answer came from (the archive, WEEX live, or both) and when it was synced.
 * `pending` only while the first backfill of the answer's data runs (sync on): an aggregate
 * (series, leaderboard, funnel) then answers from what the archive holds so far, at once, and
 * lists here the stretches of its range that are still to come ([] when it holds all of it).
 * The page draws what is there and asks again until nothing is pending.
 */
export const freshnessSchema = z.object({ source: z.enum(["archive", "live", "mixed"]), syncedAt: time.nullable(), pending: z.array(pendingRangeSchema).optional() });
export type Freshness = z.infer<typeof freshnessSchema>;

/** One record WEEX sent that could not be used: where, the value as received, why. */
export const recordProblemSchema = z.object({ path: z.string(), value: z.string(), reason: z.string() });

/** How many records WEEX sent could not be used, and the first of them. */
export const warningsSchema = z.object({ count: z.number().int(), example: recordProblemSchema.nullable() });
export type Warnings = z.infer<typeof warningsSchema>;

const affiliateMeta = { freshness: freshnessSchema.optional(), warnings: warningsSchema.optional() };

/**
 * The range a sub-affiliate answer (list, series, leaderboard) covers: the request's, or with
 * the bounds it left open chosen by the dashboard (`chosen: true`; params.ts
 * `subAffiliateWindow`: the last 30 days up to now), since WEEX answers only a bounded window.
 * A CSV export says it in headers (X-Data-Window-Start, X-Data-Window-End, X-Data-Window-Chosen).
 */
export const readWindowSchema = z.object({ startTime: time, endTime: time, chosen: z.boolean() }) satisfies z.ZodType<ReadWindow>;
const subAffiliateMeta = { ...affiliateMeta, window: readWindowSchema };

/** One page of a list: `total` and `pages` are null where WEEX does not say. */
export function listPageSchema<R extends z.ZodType>(record: R) {
  return z.object({
    items: z.array(record),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int().nullable(),
    pages: z.number().int().nullable(),
    hasNextPage: z.boolean(),
    ...affiliateMeta,
  });
}
export type ListPage<T> = Omit<z.infer<ReturnType<typeof listPageSchema<z.ZodUnknown>>>, "items"> & { items: T[] };

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
export const funnelSchema = z.object({
  registered: z.number().int(),
  kycPassed: z.number().int(),
  firstDeposit: z.number().int(),
  firstTrade: z.number().int(),
  ...affiliateMeta,
});
export type FunnelResponse = z.infer<typeof funnelSchema>;
export type FunnelCounts = Pick<FunnelResponse, "registered" | "kycPassed" | "firstDeposit" | "firstTrade">;

// ---------------------------------------------------------------------------------------------
// What each invitee is worth

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

// ---------------------------------------------------------------------------------------------
// Archive, health, admin

/** GET /api/archive/status: whether the first backfill still runs, and what each dataset holds. */
/** GET /api/affiliate/invitees/cohorts: counts per cohort, the median as decimal hours. */
const withinSchema = z.object({ d1: z.number().int(), d7: z.number().int(), d30: z.number().int() });
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
  registered: z.number().int(),
  kycPassed: z.number().int(),
  deposited: z.number().int(),
  traded: z.number().int(),
  commission: coinAmountsSchema.nullable(),
  spotTradingAmount: decimal.nullable(),
  futuresTradingAmount: decimal.nullable(),
});
export type CodeItem = z.infer<typeof codeItemSchema>;
export const codesSchema = z.object({ items: z.array(codeItemSchema), commissionRange: commissionRangeSchema, ...affiliateMeta });
export type Codes = z.infer<typeof codesSchema>;

export const archiveStatusSchema = z.object({
  now: time,
  building: z.boolean(),
  percent: z.number(),
  datasets: z.array(
    z.object({
      dataset: z.string(),
      label: z.string(),
      building: z.boolean(),
      percent: z.number().nullable(),
      syncedAt: time.nullable(),
      heldFrom: time.nullable(),
      heldTo: time.nullable(),
    }),
  ),
});
export type ArchiveStatus = z.infer<typeof archiveStatusSchema>;

/** GET /api/health */
export const healthSchema = z.object({ status: z.enum(["ok", "error"]), mode: z.enum(["demo", "live"]), database: z.enum(["embedded", "postgres"]) });
export type Health = z.infer<typeof healthSchema>;

/** A dashboard user as the admin routes show one (never a password hash). */
export const adminUserSchema = z.object({
  id: id,
  username: z.string(),
  role: z.enum(USER_ROLES),
  /** a partner's scope (lib/contract/scope.ts); null for the other roles */
  scope: z.object({ subAffiliateUids: z.array(z.string()), inviteCodes: z.array(z.string()) }).nullable(),
  /** where their own reports go (a partner's each-partner reports); null: none */
  email: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
/**
 * What an admin's password reset or disabling ended besides the user's sessions: their live API
 * tokens (by id and name) and share links (by id and view). Null for a change that ends nothing.
 */
export const revokedCredentialsSchema = z.object({
  tokens: z.array(z.object({ id: z.string(), name: z.string() })),
  shareLinks: z.array(z.object({ id: z.string(), page: z.string() })),
});
export type RevokedCredentials = z.infer<typeof revokedCredentialsSchema>;
/** PATCH /api/admin/users/{id} */
export const userChangedSchema = z.object({ user: adminUserSchema, revoked: revokedCredentialsSchema.nullable() });
export type UserChanged = z.infer<typeof userChangedSchema>;
/** GET /api/admin/users */
export const adminUsersSchema = z.object({ items: z.array(adminUserSchema) });

/** One audit log entry (GET /api/admin/audit). */
export const auditRecordSchema = z.object({
  id: id,
  at: z.string(),
  username: z.string().nullable(),
  action: z.string(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  outcome: z.string(),
  upstreamOrderId: z.string().nullable(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;
/** GET /api/admin/audit: a page of the log (its total is always known) and every action recorded. */
export const auditPageSchema = listPageSchema(auditRecordSchema).extend({ total: z.number().int(), pages: z.number().int(), actions: z.array(z.string()) });
export type AuditPage = z.infer<typeof auditPageSchema>;

// ---------------------------------------------------------------------------------------------
// Route → answer, for the pages' typed requests (lib/ui/api.ts routeQuery)

export interface ApiResponses {
  "/api/affiliate/invitees": ListPage<Invitee>;
  "/api/affiliate/invitees/funnel": FunnelResponse;
  "/api/affiliate/invitees/cohorts": Cohorts;
  "/api/affiliate/invitees/codes": Codes;
  "/api/affiliate/invitees/value": InviteeValuePage;
  "/api/affiliate/commissions": ListPage<CommissionRow>;
  "/api/affiliate/commissions/series": CommissionSeries;
  "/api/affiliate/sub-affiliates": ListPage<SubAffiliateRow> & { window: ReadWindow };
  "/api/affiliate/sub-affiliates/series": SeriesResponse;
  "/api/affiliate/sub-affiliates/leaderboard": LeaderboardResponse;
  "/api/affiliate/withdrawals": ListPage<Transfer>;
  "/api/spot/order": SpotOrder;
  "/api/spot/orders": ListPage<SpotOrder>;
  "/api/admin/audit": AuditPage;
}
