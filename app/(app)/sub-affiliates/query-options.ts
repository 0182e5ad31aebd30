/**
 * What the sub-affiliates page asks the API: the records of its URL's filters in its period, one
 * page. Without a period (`range` empty: the person chose none) the route picks the window and
 * its answer's `window` says which.
 */
import type { Values } from "nuqs";
import type { PageRequest } from "@/components/ui/use-url-paging";
import { routeQuery } from "@/lib/ui/api";
import type { Period } from "@/lib/ui/period";
import type { subAffiliatesSearch } from "./search-params";

export function subAffiliatesQuery(url: Values<typeof subAffiliatesSearch>, paging: PageRequest, range: Partial<Pick<Period, "startTime" | "endTime">>) {
  return routeQuery("/api/affiliate/sub-affiliates", {
    productType: url.productType,
    subUid: url.subUid ?? undefined,
    startTime: range.startTime,
    endTime: range.endTime,
    page: paging.page,
    pageSize: paging.pageSize,
  });
}
