/**
 * The WEEX rules that pages need as well as the endpoint table: page-size maxima, time windows
 * and the order cap (the interface document and weex-facts.md). Plain constants without zod,
 * so a client component can import them without pulling the request schemas into its bundle;
 * endpoints.ts builds its table from these and re-exports them.
 */

import { DAY_MS } from "../time/calendar";

/** querySubChannelTransactions' productType (the dashboard's too: lib/contract/params.ts). */
export const PRODUCT_TYPES = ["SPOT", "FUTURES"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
/** getInternalWithdrawalStatus' fromAccountType / toAccountType. */
export const ACCOUNT_TYPES = ["SPOT", "FUND"] as const;

/** The largest page each paged endpoint serves. */
export const PAGE_LIMITS = {
  /** getInternalWithdrawalStatus: pageSize ≤ 200 */
  withdrawals: 200,
  /** querySubChannelTransactions */
  subAffiliates: 100,
  /** getAffiliateUIDs */
  invitees: 100,
  /** allOrders: limit ≤ 1000 */
  allOrders: 1000,
  /** getChannelUserTradeAndAsset: no maximum documented, 100 is the safe size */
  inviteeTotals: 100,
  /** getAffiliateCommission: no maximum documented, 100 is the safe size */
  commissions: 100,
} as const;

/**
 * The most identifiers one call may name: verifyReferrals' `userIds` (at most 100, WEEX's
 * rule); getDealData's repeated `userIds` has no documented maximum, and takes the same 100
 * (a query string of 100 ids is ~1.2 kB, well inside any gateway's URL limit).
 */
export const ID_LIST_LIMITS = {
  verifyReferrals: 100,
  memberDeals: 100,
} as const;

/** A time-window rule on startTime/endTime, enforced by route validation and by the simulator. */
export interface TimeWindow {
  /** startTime (and endTime) may not be older than now - maxAgeMs */
  maxAgeMs?: number;
  /** endTime - startTime may not exceed this */
  maxSpanMs?: number;
  /** endTime must be >= startTime */
  ordered: boolean;
  /**
   * Both startTime and endTime must be sent: WEEX refuses a call without either (-1141). The
   * client refuses it before sending; a route whose person may leave the range open bounds it
   * first (lib/contract/params.ts `subAffiliateWindow`).
   */
  bounded?: boolean;
  /**
   * The span WEEX fills in when bounds are missing (the simulator applies it; a caller that
   * wants to say which window applied reads it here): none → the span ending now; only
   * endTime → the span ending there; only startTime → the span starting there, never past now.
   * (The day-based reads getAssert and getDealData: an absent end is today, as WEEX documents.)
   */
  defaultSpanMs?: number;
}

export const WINDOWS = {
  /** getInternalWithdrawalStatus: only the past month */
  withdrawals: { maxAgeMs: 30 * DAY_MS, ordered: true },
  /** getAffiliateUIDs: start no older than one year, at most 90 days per query */
  invitees: { maxAgeMs: 365 * DAY_MS, maxSpanMs: 90 * DAY_MS, ordered: true },
  /**
   * querySubChannelTransactions: WEEX's production service answers only a bounded window
   * (weex-facts.md, "Windows and paging"); only its test environment picks one of its
   * own when the bounds are missing. No age or span limit is documented.
   */
  subAffiliates: { ordered: true, bounded: true },
  allOrders: { ordered: true },
  /** getChannelUserTradeAndAsset: start within the last 365 days, at most 90 days, default the last 90 */
  inviteeTotals: { maxAgeMs: 365 * DAY_MS, maxSpanMs: 90 * DAY_MS, ordered: true, defaultSpanMs: 90 * DAY_MS },
  /**
   * getAffiliateCommission: "at most 3 months", read as 90 days — the same bound as the totals
   * above, so a window one of the two reads accepts the other accepts too. Three calendar
   * months are 89 to 92 days: a 92-day reading would send windows a calendar-month WEEX
   * refuses most of the year, while 90 days exceeds three calendar months only for a start
   * from 31 January to 28 February of a year without 29 February (February to April: 89 days).
   * If WEEX turns out to count calendar months, this line is the fix. No age limit is
   * documented. Default the last 7 days.
   */
  commissions: { maxSpanMs: 90 * DAY_MS, ordered: true, defaultSpanMs: 7 * DAY_MS },
  /**
   * getAssert and getDealData take days (`yyyy-MM-dd`, UTC, both included); only their order
   * is documented. End defaults to today; a missing start is the simulator's choice: 6 days
   * before the end, i.e. the 7 days ending with it.
   */
  memberAssets: { ordered: true, defaultSpanMs: 6 * DAY_MS },
  memberDeals: { ordered: true, defaultSpanMs: 6 * DAY_MS },
} satisfies Record<string, TimeWindow>;

/**
 * The order cap (weex-facts.md, "Rate limits"): besides the weights, WEEX caps contract order
 * placement at about 50 a minute. It counts the endpoints marked `orderCap` in the table, per
 * account; the client keeps under it and the simulator enforces it.
 */
export const CONTRACT_ORDER_CAP = { orders: 50, windowMs: 60_000 } as const;
