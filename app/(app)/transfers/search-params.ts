/**
 * The internal-transfers page's URL state: its filters and paging under the API's names, and
 * the date range (`start`, `end`: days in the chosen zone, turned into startTime/endTime).
 */
import { parseAsInteger, parseAsString, parseAsStringLiteral } from "nuqs";
import { LISTS, ACCOUNT_TYPES } from "@/lib/contract/params";

export const transfersSearch = {
  withdrawID: parseAsString,
  coin: parseAsString,
  start: parseAsString,
  end: parseAsString,
  fromAccountType: parseAsStringLiteral(ACCOUNT_TYPES),
  toAccountType: parseAsStringLiteral(ACCOUNT_TYPES),
  // the page and its size, defaulting to what the route answers without them (one number: LISTS)
  page: parseAsInteger.withDefault(1),
  pageSize: parseAsInteger.withDefault(LISTS.withdrawals.defaultSize),
};
