/**
 * The series the charts draw, as two pages ask for it: the overview (the network's sums per
 * bucket, and the comparison period's) and the sub-affiliates page's trend panel (one
 * sub-affiliate's). The overview's other questions are in its route folder
 * (app/(app)/(overview)/query-options.ts).
 */
import type { Granularity, ProductType } from "@/lib/contract/params";
import { routeQuery } from "@/lib/ui/api";
import type { Period } from "@/lib/ui/period";

export function seriesQuery(period: Pick<Period, "startTime" | "endTime">, granularity: Granularity, tz: string, subUid?: string, productType?: ProductType) {
  return routeQuery("/api/affiliate/sub-affiliates/series", { subUid, productType, startTime: period.startTime, endTime: period.endTime, granularity, tz });
}
