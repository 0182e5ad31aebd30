/**
 * The internal-transfers page's URL state: its filters and paging under the API's names, and
 * the date range (`start`, `end`: days in the chosen zone, turned into startTime/endTime).
 */
import { parseAsString, parseAsStringLiteral } from "nuqs";
import { ACCOUNT_TYPES } from "@/lib/contract/params";
import { pagingParsers } from "@/lib/ui/url-state";

export const transfersSearch = {
  withdrawID: parseAsString,
  coin: parseAsString,
  start: parseAsString,
  end: parseAsString,
  fromAccountType: parseAsStringLiteral(ACCOUNT_TYPES),
  toAccountType: parseAsStringLiteral(ACCOUNT_TYPES),
  ...pagingParsers("withdrawals"),
};
