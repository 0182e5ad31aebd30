/**
 * The WEEX rules that pages need as well as the endpoint table: page-size maxima, time windows
 * and the order cap (the interface document and weex-facts.md). Plain constants without zod,
 * so a client component can import them without pulling the request schemas into its bundle;
 * endpoints.ts builds its table from these and re-exports them.
 */

export const DAY_MS = 86_400_000;

/** querySubChannelTransactions' productType (the dashboard's too: lib/contract/params.ts). */
export const PRODUCT_TYPES = ["SPOT", "FUTURES"] as const;
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
} as const;

/** A time-window rule on startTime/endTime, enforced by route validation and by the simulator. */
export interface TimeWindow {
  /** startTime (and endTime) may not be older than now - maxAgeMs */
  maxAgeMs?: number;
  /** endTime - startTime may not exceed this */
  maxSpanMs?: number;
  /** endTime must be >= startTime */
  ordered: boolean;
}

export const WINDOWS = {
  /** getInternalWithdrawalStatus: only the past month */
  withdrawals: { maxAgeMs: 30 * DAY_MS, ordered: true },
  /** getAffiliateUIDs: start no older than one year, at most 90 days per query */
  invitees: { maxAgeMs: 365 * DAY_MS, maxSpanMs: 90 * DAY_MS, ordered: true },
  subAffiliates: { ordered: true },
  allOrders: { ordered: true },
} satisfies Record<string, TimeWindow>;

/**
 * The order cap (weex-facts.md, "Rate limits"): besides the weights, WEEX caps contract order
 * placement at about 50 a minute. It counts the endpoints marked `orderCap` in the table, per
 * account; the client keeps under it and the simulator enforces it.
 */
export const CONTRACT_ORDER_CAP = { orders: 50, windowMs: 60_000 } as const;
