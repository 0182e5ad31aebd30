/**
 * The three amounts of the series route, and what they are called. Plain data, apart from
 * lib/ui/series.ts (which sums them with decimal.js), so a page can name them without loading
 * the decimal library.
 */
export const METRICS = ["tradingVolume", "netTradingFee", "paidCommission"] as const;
export type Metric = (typeof METRICS)[number];

export const METRIC_LABELS: Record<Metric, string> = {
  tradingVolume: "Trading volume",
  netTradingFee: "Net trading fee",
  paidCommission: "Paid commission",
};
