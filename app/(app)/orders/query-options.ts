/** What the spot-orders page asks the API: one order by id, or a page of a pair's orders. */
import type { PageRequest } from "@/components/ui/use-url-paging";
import { routeQuery } from "@/lib/ui/api";

export function spotOrderQuery(id: { orderId: string | null; origClientOrderId: string | null }) {
  return routeQuery("/api/spot/order", { orderId: id.orderId ?? undefined, origClientOrderId: id.origClientOrderId ?? undefined });
}

export function spotOrdersQuery(f: { symbol: string; startTime?: number; endTime?: number }, paging: PageRequest) {
  return routeQuery("/api/spot/orders", { symbol: f.symbol, startTime: f.startTime, endTime: f.endTime, page: paging.page, pageSize: paging.pageSize });
}
