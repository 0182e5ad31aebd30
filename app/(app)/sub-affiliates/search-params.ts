/**
 * The sub-affiliates page's URL state: its filters under the API's names (productType, subUid,
 * page, pageSize), the open trend chart; the period and zone are the shared periodSearch. The
 * server answers old key names with a redirect (RENAMED_KEYS, definePage).
 */
import { parseAsString, parseAsStringLiteral } from "nuqs";
import { PRODUCT_TYPES } from "@/lib/contract/params";
import { pagingParsers } from "@/lib/ui/url-state";

export const subAffiliatesSearch = {
  productType: parseAsStringLiteral(PRODUCT_TYPES).withDefault("FUTURES"),
  subUid: parseAsString,
  /** the sub-affiliate whose trend chart is open */
  trend: parseAsString,
  ...pagingParsers("subAffiliates"),
};
