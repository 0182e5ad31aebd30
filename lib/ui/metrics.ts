/**
 * The three amounts of the series route (each is labelled subAffiliates.metrics.<id> in the
 * catalogue). Plain data, apart from
 * lib/ui/series.ts (which sums them with decimal.js), so a page can name them without loading
 * the decimal library.
 */
export const METRICS = ["tradingVolume", "netTradingFee", "paidCommission"] as const;
export type Metric = (typeof METRICS)[number];
