/**
 * The words and numbers the dashboard's API and its pages share: plain constants (no zod), so
 * any page can import them without pulling a schema into its bundle. Each list of values is
 * written here once; the route schemas (queries.ts), the pages' URL parsers and the server's
 * aggregates all read it.
 */
import { ACCOUNT_TYPES, PAGE_LIMITS, PRODUCT_TYPES, WINDOWS } from "@/lib/weex/limits";
import { DAY_MS } from "@/lib/time/calendar";

/** `productType` of the sub-affiliate routes: WEEX's own values, passed through as they are. */
export { PRODUCT_TYPES };
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** `fromAccountType` / `toAccountType` of the transfer routes (WEEX's values). */
export { ACCOUNT_TYPES };
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** `source` of the affiliate reads: the archive for what it holds and live for the rest, or one of them only. */
export const SOURCE_PARAMS = ["auto", "archive", "live"] as const;
export type SourceParam = (typeof SOURCE_PARAMS)[number];

/** `granularity` of the series route. */
export const GRANULARITIES = ["day", "week", "month"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** `by` and `limit` of the leaderboard route. */
export const LEADERBOARD_BY = ["commission", "volume"] as const;
export type LeaderboardBy = (typeof LEADERBOARD_BY)[number];
export const LEADERBOARD_MAX_LIMIT = 100;

/** `by` of the cohorts route: weeks (starting on Monday) or months in `tz`. */
export const COHORT_BY = ["week", "month"] as const;
export type CohortBy = (typeof COHORT_BY)[number];

/** `stage` of the invitee list and export: the furthest funnel stage an invitee reached. */
export const STAGES = ["registered", "kyc", "deposited", "traded"] as const;
export type Stage = (typeof STAGES)[number];

/** `activity` of the invitee list and export, over `activeDays` (default ACTIVE_DAYS_DEFAULT). */
export const ACTIVITIES = ["active", "dormant", "never"] as const;
export type Activity = (typeof ACTIVITIES)[number];
export const ACTIVE_DAYS_DEFAULT = 30;
export const ACTIVE_DAYS_MAX = 3660;

/**
 * `sort` of the invitee value list, each descending: the commission (per coin, see
 * `coin`), the volume (spot + futures, USDT), the deposits.
 */
export const VALUE_SORTS = ["commission", "volume", "deposits"] as const;
export type ValueSort = (typeof VALUE_SORTS)[number];

/** `sourceType` of the commission records (WEEX's values): 1 = a direct client, 2 = via a sub-agent. */
export const SOURCE_TYPES = [1, 2] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/**
 * The "within N days of its own registration" of a cohort's commission per invitee:
 * a record counts when `date − registerTime ≤ N × 86 400 000`.
 */
export const COMMISSION_WITHIN_DAYS = { d7: 7, d30: 30, d90: 90, d180: 180 } as const;
export type CommissionWithinKey = keyof typeof COMMISSION_WITHIN_DAYS;

/**
 * The longest range read live, record by record, from WEEX's commission records (`source=live`
 * on the value list, the commission list, series and exports): 7 days, about 6,600 records at
 * the simulator's scale 1 (66 pages of weight 20, ~27 s of WEEX's whole budget). Longer ranges
 * come from the archive (`auto`, `archive`); the cohorts' and codes' values read live only
 * this much (their `commissionRange` says so).
 */
export const LIVE_COMMISSION_MAX_DAYS = 7;

/** The most uids one referral check takes (POST /api/affiliate/referrals/verify): 100 WEEX calls of 100. */
export const VERIFY_MAX_UIDS = 10_000;

/**
 * The paged lists: the page size a request without `pageSize` gets (the API's default and the
 * page's, one number), the sizes a page offers (the last is the most the route accepts), and
 * the route.
 */
export const LISTS = {
  invitees: { path: "/api/affiliate/invitees", defaultSize: 50, sizes: [20, 50, PAGE_LIMITS.invitees] },
  subAffiliates: { path: "/api/affiliate/sub-affiliates", defaultSize: 50, sizes: [20, 50, PAGE_LIMITS.subAffiliates] },
  withdrawals: { path: "/api/affiliate/withdrawals", defaultSize: 100, sizes: [50, 100, PAGE_LIMITS.withdrawals] },
  allOrders: { path: "/api/spot/orders", defaultSize: 100, sizes: [50, 100, 500, PAGE_LIMITS.allOrders] },
  audit: { path: "/api/admin/audit", defaultSize: 50, sizes: [50, 100, 200] },
  inviteeValue: { path: "/api/affiliate/invitees/value", defaultSize: 50, sizes: [20, 50, 100] },
  commissions: { path: "/api/affiliate/commissions", defaultSize: 100, sizes: [50, PAGE_LIMITS.commissions] },
  riskFlags: { path: "/api/risk/flags", defaultSize: 50, sizes: [20, 50, 200] },
} as const satisfies Record<string, { path: string; defaultSize: number; sizes: readonly number[] }>;
export type ListKey = keyof typeof LISTS;

/** The largest page number any list accepts. */
export const MAX_PAGE = 1_000_000;

/**
 * How old the start of an invitee range may be on the aggregate and export routes: WEEX's one
 * year plus a day of grace, so a "last 365 days" preset computed by the browser a moment ago
 * (and clocks a little apart) is not refused. The part beyond WEEX's year is simply empty.
 */
export const INVITEE_MAX_AGE_WITH_GRACE_MS = WINDOWS.invitees.maxAgeMs + DAY_MS;

/**
 * The window of a sub-affiliate read (list, export, series, leaderboard) when the person names
 * no range, or only one end of it. WEEX's production service answers querySubChannelTransactions
 * only with both `startTime` and `endTime` (weex-facts.md, "Windows and paging"; only its partner
 * test environment picks a window of its own, unsaid), so the dashboard picks them, and the
 * answer says which (`window`, `chosen: true`). The pick is what a manager opening a report
 * expects and what the pages show by default (the "30d" period): the last 30 days up to now,
 * as 30 whole UTC dates (WEEX's records are UTC days), today's included — from 00:00 UTC 29 days
 * ago to now. Only an end: the 30 dates ending with its date. Only a start: up to now (a start
 * in the future: that instant, an empty window rather than a reversed one).
 */
export const SUB_AFFILIATE_DEFAULT_DAYS = 30;

/** The range a sub-affiliate answer covers (inclusive epoch ms); `chosen`: the dashboard picked a bound the person left open. */
export interface ReadWindow {
  startTime: number;
  endTime: number;
  chosen: boolean;
}

/** The bounded window of a sub-affiliate read: the person's range, its open ends chosen as above. */
export function subAffiliateWindow(range: { startTime?: number; endTime?: number }, now: number): ReadWindow {
  const { startTime, endTime } = range;
  if (startTime !== undefined && endTime !== undefined) return { startTime, endTime, chosen: false };
  const end = endTime ?? Math.max(now, startTime ?? now);
  const start = startTime ?? end - (end % DAY_MS) - (SUB_AFFILIATE_DEFAULT_DAYS - 1) * DAY_MS;
  return { startTime: start, endTime: end, chosen: true };
}

/** Whether `tz` is an IANA zone name this runtime knows ("UTC", "Asia/Kolkata"); offsets are not zones. */
export function isIanaTimeZone(tz: string): boolean {
  if (tz.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
