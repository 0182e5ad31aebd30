/**
 * What every route of the dashboard's API accepts: its query, its JSON body and its path
 * parameters as zod schemas, in one table keyed by the route's path. The route handlers parse
 * with these (each through its entry in api-routes.ts, before any upstream call); the pages build
 * their request URLs from the same keys (`QueryInput<path>`, types only: this module carries
 * the endpoint table's field rules and is not for a page's bundle).
 *
 * The field rules themselves come from the WEEX endpoint table (lib/weex/endpoints.ts), so a
 * filter means the same here as upstream; what the dashboard adds is written here once:
 * - paging as `page` (from 1) and `pageSize`, with each list's default and maximum (LISTS);
 * - `source=auto|archive|live` on the affiliate reads; with `archive` nothing goes upstream,
 *   so WEEX's time windows do not apply (only end ≥ start);
 * - the aggregate and export routes: `productType` optional (absent: both), invitee ranges
 *   longer than WEEX's 90 days a query (they are read in slices) but not older than its year
 *   plus a day of grace, no paging (they read every page);
 * - the sub-affiliate routes: a range with an open end, which the route bounds before reading
 *   (WEEX answers only a bounded one: params.ts `subAffiliateWindow`).
 */
import { z } from "zod";
import { ENDPOINTS, WINDOWS, type TimeWindow } from "@/lib/weex/endpoints";
import { checkWindow } from "@/lib/weex/requests";
import { forwardIssues, inEnum, inId, inInt, inText, inTime } from "@/lib/weex/wire";
import {
  ACTIVE_DAYS_MAX,
  ACTIVITIES,
  COHORT_BY,
  GRANULARITIES,
  INVITEE_MAX_AGE_WITH_GRACE_MS,
  isIanaTimeZone,
  LEADERBOARD_BY,
  LEADERBOARD_MAX_LIMIT,
  LISTS,
  LIVE_COMMISSION_MAX_DAYS,
  MAX_PAGE,
  SOURCE_PARAMS,
  STAGES,
  VALUE_SORTS,
  VERIFY_MAX_UIDS,
  type ListKey,
  type SourceParam,
} from "./params";
import { DAY_MS } from "@/lib/time/calendar";

// ---------------------------------------------------------------------------------------------
// Building blocks

/** Filter fields with a time window on startTime/endTime. */
export function windowed<T extends z.ZodRawShape>(shape: T, window: TimeWindow) {
  return z.strictObject(shape).superRefine((p, ctx) => checkWindow(window, p as { startTime?: number; endTime?: number }, ctx));
}

/**
 * What a query built of parts (`paged`, `withSource`) accepts, as one object schema: the API
 * document's parameters (lib/server/api-doc/openapi.ts). Such a query parses in a transform, whose
 * input alone says nothing of its fields; each part records its fields here as it is built.
 */
const QUERY_FIELDS = new WeakMap<z.ZodType, z.ZodObject>();

/** The fields of a route's query as one object schema (the parts' fields for a composed one). */
export function queryFields(schema: z.ZodType): z.ZodObject | undefined {
  return QUERY_FIELDS.get(schema) ?? (schema instanceof z.ZodObject ? schema : undefined);
}

/** Only end ≥ start: what is left of a window when the archive answers. */
export const ORDERED_ONLY: TimeWindow = { ordered: true };

/** Paging input as a query string or script sends it. */
type PagingInput = { page?: string | number; pageSize?: string | number };

/**
 * A list route's query: its filters plus `page` (default 1) and `pageSize` (default and maximum
 * from LISTS). Paging is parsed apart from the filters so the filters keep their own
 * strictness and refinements.
 */
export function paged<F extends z.ZodType<object>>(filters: F, list: ListKey) {
  const { defaultSize, sizes } = LISTS[list];
  const paging = z.object({ page: inInt(1, MAX_PAGE).default(1), pageSize: inInt(1, sizes[sizes.length - 1]).default(defaultSize) });
  const schema = z.record(z.string(), z.unknown()).transform((input, ctx) => {
    const { page, pageSize, ...rest } = input;
    const pg = paging.safeParse({ page, pageSize });
    const f = filters.safeParse(rest);
    forwardIssues(ctx, [...(pg.success ? [] : pg.error.issues), ...(f.success ? [] : f.error.issues)]);
    if (!pg.success || !f.success) return z.NEVER;
    return { ...(f.data as z.output<F>), ...pg.data };
  });
  QUERY_FIELDS.set(schema, z.object({ ...queryFields(filters)?.shape, ...paging.shape }));
  return schema as unknown as z.ZodType<z.output<F> & { page: number; pageSize: number }, z.input<F> & PagingInput>;
}

const sourceParam = inEnum(SOURCE_PARAMS);

/**
 * `schema` plus `source` (default auto). With source=archive the rest is validated by
 * `archive` (default: the same schema). Issues keep their field paths.
 */
function withSource<L extends z.ZodType, A extends z.ZodType = L>(live: L, archive?: A) {
  return bySource({ auto: live, archive: (archive ?? live) as A, live });
}

/** `withSource` with a schema of its own for each source (ranges differ: live reads record by record). */
function bySource<A extends z.ZodType, R extends z.ZodType, L extends z.ZodType>(s: { auto: A; archive: R; live: L }) {
  const schema = z.record(z.string(), z.unknown()).transform((input, ctx) => {
    const { source: rawSource, ...rest } = input;
    const src = sourceParam.safeParse(rawSource ?? "auto");
    if (!src.success) {
      ctx.addIssue({ code: "custom", path: ["source"], message: `must be one of ${SOURCE_PARAMS.join(", ")}` });
      return z.NEVER;
    }
    const r = s[src.data].safeParse(rest);
    if (!r.success) {
      forwardIssues(ctx, r.error.issues);
      return z.NEVER;
    }
    return { ...(r.data as object), source: src.data };
  });
  // (the sources take the same fields under different range rules: the document lists auto's)
  QUERY_FIELDS.set(schema, z.object({ ...queryFields(s.auto)?.shape, source: sourceParam.default("auto") }));
  type Out = (z.output<A> | z.output<R> | z.output<L>) & { source: SourceParam };
  return schema as unknown as z.ZodType<Out, z.input<A> & { source?: SourceParam }>;
}

// ---------------------------------------------------------------------------------------------
// Filters

const sub = ENDPOINTS.subAffiliates.params.shape;
const inv = ENDPOINTS.invitees.params.shape;
const wd = ENDPOINTS.withdrawals.params.shape;

/**
 * The invitee window of the aggregate and export routes: ordered, one year (plus grace), no
 * 90-day span (they read in slices) — but at most that year and a day long, so the end cannot
 * lie far in the future either: a range to the year 275760 would be sliced, bucketed and
 * walked for ever.
 */
const INVITEE_RANGE: TimeWindow = { ordered: true, maxAgeMs: INVITEE_MAX_AGE_WITH_GRACE_MS, maxSpanMs: INVITEE_MAX_AGE_WITH_GRACE_MS + DAY_MS };

/**
 * The range of the sub-affiliate routes: ordered, and either end may be left open. WEEX answers
 * only a bounded window (the endpoint table's `bounded`), so the route picks the open ends
 * (params.ts `subAffiliateWindow`) before anything is read, and its answer says which.
 */
const SUB_AFFILIATE_RANGE: TimeWindow = ORDERED_ONLY;

/** Sub-affiliate records of one or both product types. */
const subAffiliateFilter = { productType: sub.productType.optional(), subUid: sub.subUid, startTime: sub.startTime, endTime: sub.endTime };

const timeZone = z.string().refine(isIanaTimeZone, "must be an IANA time zone name, e.g. UTC or Europe/Berlin").default("UTC");

/** GET /api/affiliate/sub-affiliates/export */
export const subAffiliatesExportQuery = windowed(subAffiliateFilter, SUB_AFFILIATE_RANGE);

/** GET /api/affiliate/sub-affiliates/series */
export const seriesQuery = windowed({ ...subAffiliateFilter, granularity: inEnum(GRANULARITIES).default("day"), tz: timeZone }, SUB_AFFILIATE_RANGE);

/** GET /api/affiliate/sub-affiliates/leaderboard */
export const leaderboardQuery = windowed(
  {
    productType: sub.productType.optional(),
    startTime: sub.startTime,
    endTime: sub.endTime,
    by: inEnum(LEADERBOARD_BY).default("commission"),
    limit: inInt(1, LEADERBOARD_MAX_LIMIT).default(10),
  },
  SUB_AFFILIATE_RANGE,
);

/**
 * The invitee list's and export's filters that WEEX cannot filter by (the
 * dashboard does): the furthest stage, the trading activity over `activeDays`, the invite code
 * (any text WEEX may send as one, trimmed).
 */
const inviteeExtras = {
  stage: inEnum(STAGES).optional(),
  activity: inEnum(ACTIVITIES).optional(),
  activeDays: inInt(1, ACTIVE_DAYS_MAX).optional(),
  inviteCode: z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters").optional(),
};
export const INVITEE_EXTRA_KEYS = Object.keys(inviteeExtras) as (keyof typeof inviteeExtras)[];

const inviteeFilter = { uid: inv.uid, startTime: inv.startTime, endTime: inv.endTime, ...inviteeExtras };
const inviteeListFilter = { ...inv, ...inviteeExtras };

/** GET /api/affiliate/invitees/export */
export const inviteesExportQuery = windowed(inviteeFilter, INVITEE_RANGE);

/** The cohorts' fields: both ends of the registration range, weeks or months, the zone. */
const cohortFields = { startTime: inTime, endTime: inTime, by: inEnum(COHORT_BY).default("week"), tz: timeZone };
/** GET /api/affiliate/invitees/cohorts (auto, live): the invitee year, like the funnel. */
export const cohortsQuery = windowed(cohortFields, INVITEE_RANGE);
/** With source=archive any range the archive holds, at most five years (a few hundred weeks). */
const COHORT_ARCHIVE_RANGE: TimeWindow = { ordered: true, maxSpanMs: 5 * 366 * 86_400_000 };

/** GET /api/affiliate/invitees/funnel: a cohort needs both ends of its range. */
export const funnelQuery = windowed({ startTime: inTime, endTime: inTime }, INVITEE_RANGE);

/** GET /api/affiliate/withdrawals/export: the list route's filters, past month only. */
export const withdrawalsExportQuery = windowed(wd, WINDOWS.withdrawals);

// ---------------------------------------------------------------------------------------------
// What each invitee is worth: commission records and the value per invitee

const com = ENDPOINTS.commissions.params.shape;

/**
 * Ranges over commission records: with `auto` a year (plus a day) long at most, anywhere (WEEX
 * sets no age limit; the archive answers what it holds, live the stretch since its last sync);
 * with `archive` up to five years; with `live` at most LIVE_COMMISSION_MAX_DAYS, since the
 * records are read one WEEX page of 100 after another.
 */
const COMMISSION_RANGE: TimeWindow = { ordered: true, maxSpanMs: INVITEE_MAX_AGE_WITH_GRACE_MS + DAY_MS };
const COMMISSION_ARCHIVE_RANGE: TimeWindow = { ordered: true, maxSpanMs: 5 * 366 * DAY_MS };
const COMMISSION_LIVE_RANGE: TimeWindow = { ordered: true, maxSpanMs: LIVE_COMMISSION_MAX_DAYS * DAY_MS };
/**
 * The value list adds deposits and withdrawals, which WEEX totals only for windows starting
 * within its year (getChannelUserTradeAndAsset): `auto` and `live` keep to that year as the
 * invitee routes do.
 */
const VALUE_RANGE: TimeWindow = { ...INVITEE_RANGE };
const VALUE_LIVE_RANGE: TimeWindow = { ...COMMISSION_LIVE_RANGE, maxAgeMs: INVITEE_MAX_AGE_WITH_GRACE_MS };

/** The filters of the commission records (WEEX's `uid`, `coin`, `productType` and ours: `symbol`, `sourceType`). */
const commissionFilter = {
  uid: com.uid,
  coin: inText(20)
    .transform((c) => c.toUpperCase())
    .optional(),
  // absent: both (WEEX answers one per call; the dashboard reads both)
  productType: com.productType,
  symbol: inText(40).optional(),
  sourceType: inInt(1, 2).optional(),
  startTime: com.startTime,
  endTime: com.endTime,
};

/** The commission list's and export's filters under each source's range rule. */
const commissionsFilter = (w: TimeWindow) => windowed(commissionFilter, w);

/** GET /api/affiliate/commissions/series: both ends, buckets in a zone, the record filters. */
const commissionSeriesFields = { ...commissionFilter, startTime: inTime, endTime: inTime, granularity: inEnum(GRANULARITIES).default("day"), tz: timeZone };

/**
 * GET /api/affiliate/invitees/value: both ends of the range, the invitee (`uid`) or invite code,
 * the order (`sort`, descending; commission in `coin`, default USDT then BTC) and paging.
 */
const valueFields = {
  startTime: inTime,
  endTime: inTime,
  uid: inv.uid,
  inviteCode: inviteeExtras.inviteCode,
  sort: inEnum(VALUE_SORTS).default("commission"),
  coin: inText(20)
    .transform((c) => c.toUpperCase())
    .optional(),
};
export const inviteeValueExportQuery = windowed(valueFields, VALUE_RANGE);

/**
 * `source=live` names invite codes only for the `uid` filter's invitee: WEEX says an invitee's
 * code on its invitee pages alone, and a year of them (~200 pages at scale 1) would hold the
 * request for minutes (lib/archive/value/live-input.ts, liveInvitees). A code filter is refused.
 */
const liveValue = <S extends z.ZodType<{ inviteCode?: string }>>(schema: S) =>
  schema.superRefine((p, ctx) => {
    if (p.inviteCode !== undefined) ctx.addIssue({ code: "custom", path: ["inviteCode"], message: "is not available with source=live (WEEX names codes only on a year of invitee pages): use source=auto or archive" });
  });

// ---------------------------------------------------------------------------------------------
// The table: every route's query, body and path parameters

export const QUERIES = {
  "/api/affiliate/invitees": withSource(paged(windowed(inviteeListFilter, WINDOWS.invitees), "invitees"), paged(windowed(inviteeListFilter, ORDERED_ONLY), "invitees")),
  "/api/affiliate/invitees/funnel": withSource(funnelQuery, windowed(funnelQuery.shape, ORDERED_ONLY)),
  "/api/affiliate/invitees/cohorts": withSource(cohortsQuery, windowed(cohortFields, COHORT_ARCHIVE_RANGE)),
  // the funnel's range rules: both ends, the invitee year (any range with source=archive)
  "/api/affiliate/invitees/codes": withSource(funnelQuery, windowed(funnelQuery.shape, ORDERED_ONLY)),
  "/api/affiliate/invitees/export": withSource(inviteesExportQuery, windowed(inviteeFilter, ORDERED_ONLY)),
  "/api/affiliate/sub-affiliates": withSource(paged(windowed(sub, SUB_AFFILIATE_RANGE), "subAffiliates")),
  "/api/affiliate/sub-affiliates/series": withSource(seriesQuery),
  "/api/affiliate/sub-affiliates/leaderboard": withSource(leaderboardQuery),
  "/api/affiliate/sub-affiliates/export": withSource(subAffiliatesExportQuery),
  "/api/affiliate/withdrawals": withSource(paged(windowed(wd, WINDOWS.withdrawals), "withdrawals"), paged(windowed(wd, ORDERED_ONLY), "withdrawals")),
  "/api/affiliate/withdrawals/export": withSource(withdrawalsExportQuery, windowed(wd, ORDERED_ONLY)),
  "/api/reference/symbols": ENDPOINTS.exchangeInfo.params,
  "/api/reference/coins": ENDPOINTS.coins.params,
  "/api/spot/order": ENDPOINTS.spotOrder.params,
  "/api/spot/orders": paged(ENDPOINTS.allOrders.params, "allOrders"),
  "/api/admin/audit": paged(z.strictObject({ username: z.string().trim().toLowerCase().max(64).optional(), action: z.string().trim().max(64).optional() }), "audit"),
  // what each invitee is worth
  "/api/affiliate/invitees/value": bySource({
    auto: paged(windowed(valueFields, VALUE_RANGE), "inviteeValue"),
    archive: paged(windowed(valueFields, COHORT_ARCHIVE_RANGE), "inviteeValue"),
    live: paged(liveValue(windowed(valueFields, VALUE_LIVE_RANGE)), "inviteeValue"),
  }),
  "/api/affiliate/invitees/value/export": bySource({
    auto: inviteeValueExportQuery,
    archive: windowed(valueFields, COHORT_ARCHIVE_RANGE),
    live: liveValue(windowed(valueFields, VALUE_LIVE_RANGE)),
  }),
  "/api/affiliate/commissions": bySource({
    auto: paged(commissionsFilter(COMMISSION_RANGE), "commissions"),
    archive: paged(commissionsFilter(COMMISSION_ARCHIVE_RANGE), "commissions"),
    live: paged(commissionsFilter(COMMISSION_LIVE_RANGE), "commissions"),
  }),
  "/api/affiliate/commissions/series": bySource({
    auto: windowed(commissionSeriesFields, COMMISSION_RANGE),
    archive: windowed(commissionSeriesFields, COMMISSION_ARCHIVE_RANGE),
    live: windowed(commissionSeriesFields, COMMISSION_LIVE_RANGE),
  }),
  "/api/affiliate/commissions/export": bySource({
    auto: commissionsFilter(COMMISSION_RANGE),
    archive: commissionsFilter(COMMISSION_ARCHIVE_RANGE),
    live: commissionsFilter(COMMISSION_LIVE_RANGE),
  }),
  /** the invitee's asset snapshot, live; its deposits within the UTC days of the range (default: the 7 days ending today) */
  "/api/affiliate/invitees/[uid]/assets": windowed({ startTime: inTime.optional(), endTime: inTime.optional() }, { ordered: true }),
} as const;

export type QueryPath = keyof typeof QUERIES;
/** What a page may put in the query string of `path` (the names the route reads). */
export type QueryInput<P extends QueryPath> = z.input<(typeof QUERIES)[P]>;
/** What the route's handler gets after validation. */
export type QueryOutput<P extends QueryPath> = z.output<(typeof QUERIES)[P]>;

/**
 * POST /api/affiliate/referrals/verify: up to VERIFY_MAX_UIDS uids (digits, as WEEX's Long
 * ids; each bad one named by its place, `uids.17`), asked of WEEX 100 at a time. `source`:
 * `auto` (default) takes the invitees the archive holds as confirmed and asks WEEX about the
 * rest; `live` asks WEEX about every one. (No `archive`: only WEEX can say "not an invitee".)
 */
const verifyBody = z.strictObject({
  uids: z.array(inId, { error: "must be a list of uids" }).min(1, "must name at least one uid").max(VERIFY_MAX_UIDS, `must name at most ${VERIFY_MAX_UIDS} uids`),
  source: inEnum(["auto", "live"]).default("auto"),
});

/** JSON bodies (the interface's field names verbatim) and path parameters. */
export const BODIES = {
  "/api/contract/orders": ENDPOINTS.placeOrder.params,
  "/api/contract/plan-orders": ENDPOINTS.placeTpSl.params,
  "/api/contract/plan-orders/[orderId]": ENDPOINTS.modifyTpSl.params.omit({ orderId: true }),
  "/api/affiliate/referrals/verify": verifyBody,
} as const;
export type BodyInput<P extends keyof typeof BODIES> = z.input<(typeof BODIES)[P]>;

export const PATH_PARAMS = {
  "/api/contract/plan-orders/[orderId]": z.object({ orderId: inId }),
  "/api/affiliate/invitees/[uid]/assets": z.object({ uid: inId }),
  "/api/admin/users/[id]": z.object({ id: z.string().max(64) }),
} as const;
