/** What the spot-orders page asks the API: one order by id, or a page of a pair's orders. */
import type { Values } from "nuqs";
import type { PageRequest } from "@/components/ui/use-url-paging";
import { routeQuery } from "@/lib/ui/api";
import { rangeToEpoch } from "@/lib/ui/ranges";
import type { spotOrdersSearch } from "./search-params";

export function spotOrderQuery(id: { orderId: string | null; origClientOrderId: string | null }) {
  return routeQuery("/api/spot/order", { orderId: id.orderId ?? undefined, origClientOrderId: id.origClientOrderId ?? undefined });
}

/** A page of the URL's pair's orders, its days (`start`, `end`) in `tz`; nothing is asked before a pair is chosen. */
export function spotOrdersQuery(url: Values<typeof spotOrdersSearch>, paging: PageRequest, tz: string) {
  const { startTime, endTime } = rangeToEpoch(url.start, url.end, tz);
  return { ...routeQuery("/api/spot/orders", { symbol: url.symbol ?? "", startTime, endTime, page: paging.page, pageSize: paging.pageSize }), enabled: url.symbol !== null };
}
