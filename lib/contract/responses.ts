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

/** How many records WEEX sent could not be used, and the first of them (issue 11). */
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

export const inviteesPageSchema = listPageSchema(inviteeSchema);
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
// Archive, health, admin

/** GET /api/archive/status: whether the first backfill still runs, and what each dataset holds. */
/** GET /api/affiliate/invitees/cohorts (issue 14): counts per cohort, the median as decimal hours. */
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
});
export type CohortItem = z.infer<typeof cohortItemSchema>;
export const cohortsSchema = z.object({
  by: z.enum(["week", "month"]),
  tz: z.string(),
  items: z.array(cohortItemSchema),
  /** traders of the range by time from registration to first trade; the last bin (null) is open */
  timeToFirstTrade: z.array(z.object({ upToHours: z.number().nullable(), traded: z.number().int() })),
  ...affiliateMeta,
});
export type Cohorts = z.infer<typeof cohortsSchema>;

/** GET /api/affiliate/invitees/codes (issue 14): each invite code's funnel; an absent code is `null`. */
export const codeItemSchema = z.object({ inviteCode: z.string().nullable(), registered: z.number().int(), kycPassed: z.number().int(), deposited: z.number().int(), traded: z.number().int() });
export type CodeItem = z.infer<typeof codeItemSchema>;
export const codesSchema = z.object({ items: z.array(codeItemSchema), ...affiliateMeta });

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
  disabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
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
  "/api/affiliate/invitees/codes": z.infer<typeof codesSchema>;
  "/api/affiliate/sub-affiliates": ListPage<SubAffiliateRow> & { window: ReadWindow };
  "/api/affiliate/sub-affiliates/series": SeriesResponse;
  "/api/affiliate/sub-affiliates/leaderboard": LeaderboardResponse;
  "/api/affiliate/withdrawals": ListPage<Transfer>;
  "/api/spot/order": SpotOrder;
  "/api/spot/orders": ListPage<SpotOrder>;
  "/api/admin/audit": AuditPage;
}
