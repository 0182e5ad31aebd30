/**
 * The invitee-value page's URL state: its filters under the API's names (uid,
 * inviteCode, sort, coin, page, pageSize), and the invitee whose detail is open; the period and
 * zone are the shared periodSearch.
 */
import { parseAsInteger, parseAsString, parseAsStringLiteral } from "nuqs";
import { LISTS, VALUE_SORTS } from "@/lib/contract/params";

export const valueSearch = {
  uid: parseAsString,
  inviteCode: parseAsString,
  sort: parseAsStringLiteral(VALUE_SORTS).withDefault("commission"),
  /** the coin a sort by commission ranks in (the API's default: USDT, then BTC) */
  coin: parseAsString,
  /** the invitee whose detail is open (funnel, commission over time, assets) */
  invitee: parseAsString,
  // the page and its size, defaulting to what the route answers without them (one number: LISTS)
  page: parseAsInteger.withDefault(1),
  pageSize: parseAsInteger.withDefault(LISTS.inviteeValue.defaultSize),
};
