/**
 * The three amounts of the series route (each is labelled subAffiliates.metrics.<id> in the
 * catalogue). Plain data, apart from
 * lib/ui/series.ts (which sums them with decimal.js), so a page can name them without loading
 * the decimal library.
 */
export const METRICS = ["tradingVolume", "netTradingFee", "paidCommission"] as const;
export type Metric = (typeof METRICS)[number];

/** The coin the sub-affiliate records' amounts are in (WEEX totals them in USDT): how they are shown (lib/ui/format.ts). */
export const METRIC_COIN = "USDT";
