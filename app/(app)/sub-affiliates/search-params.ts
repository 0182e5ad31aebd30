/**
 * The sub-affiliates page's URL state: its filters under the API's names (productType, subUid,
 * page, pageSize), the open trend chart, and the shared period and zone. Parsed with the same
 * parsers by the page on the server and by the view in the browser.
 */
import { parseAsString, parseAsStringLiteral } from "nuqs/server";
import { PRODUCT_TYPES } from "@/lib/contract/params";
import { pagingParsers } from "@/lib/ui/url-state";

export const subAffiliatesSearch = {
  productType: parseAsStringLiteral(PRODUCT_TYPES).withDefault("FUTURES"),
  subUid: parseAsString,
  /** the sub-affiliate whose trend chart is open */
  trend: parseAsString,
  ...pagingParsers("subAffiliates"),
};
