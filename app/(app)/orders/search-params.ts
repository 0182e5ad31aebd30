/**
 * The spot-orders page's URL state: the order looked up (orderId or origClientOrderId, the
 * API's names), and the list's pair, dates (days in the chosen zone) and paging.
 */
import { parseAsString } from "nuqs";
import { pagingParsers } from "@/lib/ui/url-state";

export const spotOrdersSearch = {
  orderId: parseAsString,
  origClientOrderId: parseAsString,
  symbol: parseAsString,
  start: parseAsString,
  end: parseAsString,
  ...pagingParsers("allOrders"),
};
