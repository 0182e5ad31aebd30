/** What the sub-affiliates page asks the API: the records of its URL's filters in its period, one page. */
import type { Values } from "nuqs";
import type { PageRequest } from "@/components/ui/use-url-paging";
import { routeQuery } from "@/lib/ui/api";
import type { Period } from "@/lib/ui/period";
import type { subAffiliatesSearch } from "./search-params";

export function subAffiliatesQuery(url: Values<typeof subAffiliatesSearch>, paging: PageRequest, period: Pick<Period, "startTime" | "endTime">) {
  return routeQuery("/api/affiliate/sub-affiliates", {
    productType: url.productType,
    subUid: url.subUid ?? undefined,
    startTime: period.startTime,
    endTime: period.endTime,
    page: paging.page,
    pageSize: paging.pageSize,
  });
}
