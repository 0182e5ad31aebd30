/** What the internal-transfers page asks the API: one page of its URL's filter, and the same filter for the export. */
import type { Values } from "nuqs";
import type { PageRequest } from "@/components/ui/use-url-paging";
import type { QueryInput } from "@/lib/contract/queries";
import { routeQuery } from "@/lib/ui/api";
import { rangeToEpoch } from "@/lib/ui/ranges";
import type { transfersSearch } from "./search-params";

/** The URL's filter under the API's names, its days (`start`, `end`) in `tz` (the export route takes exactly these). */
export function transfersFilter(url: Values<typeof transfersSearch>, tz: string): QueryInput<"/api/affiliate/withdrawals/export"> {
  return {
    withdrawID: url.withdrawID ?? undefined,
    coin: url.coin ?? undefined,
    ...rangeToEpoch(url.start, url.end, tz),
    fromAccountType: url.fromAccountType ?? undefined,
    toAccountType: url.toAccountType ?? undefined,
  };
}

export function transfersQuery(url: Values<typeof transfersSearch>, paging: PageRequest, tz: string) {
  return routeQuery("/api/affiliate/withdrawals", { ...transfersFilter(url, tz), page: paging.page, pageSize: paging.pageSize });
}
