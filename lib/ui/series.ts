/**
 * Shaping the `series` response for charts: rows carry both the exact text (for tooltips and
 * tables) and a number (for bar heights only). The KPI totals come with the response (the
 * route sums them exactly: lib/affiliate/series.ts).
 */
import { Dec } from "@/lib/contract/decimal";
import { chartNumber } from "./decimal";
import type { SeriesItem, SeriesResponse } from "@/lib/contract/responses";
import { METRICS, type Metric } from "./metrics";

export { METRICS, type Metric };

export type { SeriesItem, SeriesResponse };

export interface ChartRow {
  bucket: string;
  SPOT: number;
  FUTURES: number;
  /** exact values for the tooltip and the data table */
  exact: { SPOT: string; FUTURES: string; total: string };
}

/** One row per bucket (ascending) with SPOT and FUTURES side by side for a stacked bar. */
export function chartRows(items: readonly SeriesItem[], metric: Metric): ChartRow[] {
  const byBucket = new Map<string, { SPOT: Dec; FUTURES: Dec }>();
  for (const item of items) {
    let row = byBucket.get(item.bucket);
    if (!row) {
      row = { SPOT: new Dec(0), FUTURES: new Dec(0) };
      byBucket.set(item.bucket, row);
    }
    if (item.productType === "SPOT" || item.productType === "FUTURES") row[item.productType] = row[item.productType].plus(item[metric]);
  }
  return [...byBucket.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([bucket, v]) => ({
      bucket,
      SPOT: chartNumber(v.SPOT),
      FUTURES: chartNumber(v.FUTURES),
      exact: { SPOT: v.SPOT.toFixed(), FUTURES: v.FUTURES.toFixed(), total: v.SPOT.plus(v.FUTURES).toFixed() },
    }));
}
