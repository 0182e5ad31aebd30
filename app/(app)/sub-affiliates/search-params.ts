/**
 * The sub-affiliates page's URL state: its filters under the API's names (productType, subUid,
 * page, pageSize), the open trend chart; the period and zone are the shared periodSearch. The
 * server answers old key names with a redirect (RENAMED_KEYS, definePage).
 */
import { parseAsInteger, parseAsString, parseAsStringLiteral } from "nuqs";
import { LISTS, PRODUCT_TYPES } from "@/lib/contract/params";

export const subAffiliatesSearch = {
  productType: parseAsStringLiteral(PRODUCT_TYPES).withDefault("FUTURES"),
  subUid: parseAsString,
  /** the sub-affiliate whose trend chart is open */
  trend: parseAsString,
  // the page and its size, defaulting to what the route answers without them (one number: LISTS)
  page: parseAsInteger.withDefault(1),
  pageSize: parseAsInteger.withDefault(LISTS.subAffiliates.defaultSize),
};
