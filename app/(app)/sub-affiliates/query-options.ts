/** What the sub-affiliates page asks the API: the records of its filters and period, one page. */
import type { PageRequest } from "@/components/ui/use-url-paging";
import type { ProductType } from "@/lib/contract/params";
import { routeQuery } from "@/lib/ui/api";
import type { Period } from "@/lib/ui/period";

export interface SubAffiliatesFilter {
  productType: ProductType;
  subUid: string | null;
  period: Pick<Period, "startTime" | "endTime">;
}

export function subAffiliatesQuery(f: SubAffiliatesFilter, paging: PageRequest) {
  return routeQuery("/api/affiliate/sub-affiliates", {
    productType: f.productType,
    subUid: f.subUid ?? undefined,
    startTime: f.period.startTime,
    endTime: f.period.endTime,
    page: paging.page,
    pageSize: paging.pageSize,
  });
}
