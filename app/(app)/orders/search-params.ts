/**
 * The spot-orders page's URL state: the order looked up (orderId or origClientOrderId, the
 * API's names), and the list's pair, dates (days in the chosen zone) and paging.
 */
import { parseAsInteger, parseAsString } from "nuqs";
import { LISTS } from "@/lib/contract/params";

export const spotOrdersSearch = {
  orderId: parseAsString,
  origClientOrderId: parseAsString,
  symbol: parseAsString,
  start: parseAsString,
  end: parseAsString,
  // the page and its size, defaulting to what the route answers without them (one number: LISTS)
  page: parseAsInteger.withDefault(1),
  pageSize: parseAsInteger.withDefault(LISTS.allOrders.defaultSize),
};
