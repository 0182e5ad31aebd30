/** What the sub-affiliates page asks the API: the records of its filters and period, one page. */
import type { ProductType } from "@/lib/contract/params";
import { routeQuery } from "@/lib/ui/api";
import type { Period } from "@/lib/ui/period";

export function subAffiliatesQuery(f: { productType: ProductType; subUid: string | null; page: number; pageSize: number }, period: Period) {
  return routeQuery("/api/affiliate/sub-affiliates", {
    productType: f.productType,
    subUid: f.subUid ?? undefined,
    startTime: period.startTime,
    endTime: period.endTime,
    page: f.page,
    pageSize: f.pageSize,
  });
}
