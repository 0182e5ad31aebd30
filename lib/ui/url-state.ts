/**
 * URL state shared by several pages (nuqs parsers; imported from "nuqs", not "nuqs/server",
 * which carries its own copy of the parsers into a page's bundle).
 * The period, granularity and time zone belong to the person's current view, so the
 * navigation carries them from page to page; each page keeps its own filters and paging under
 * names that do not collide with these. A key that is also an API parameter has the API's
 * name (`pageSize`, `productType`, `granularity`); url-keys.ts lists the names older links
 * used, which the pages redirect to the current ones.
 */
import { parseAsString, parseAsStringLiteral } from "nuqs";
import { periodParsersOf } from "./period-parsers";

const { tz: tzParser, ...periodParsers } = periodParsersOf({ parseAsString, parseAsStringLiteral });
export { periodParsers, tzParser };

/**
 * The period pages' URL state, as usePeriod reads it: the period preset or custom dates, the
 * granularity of the charts and the display zone (the navigation carries them along).
 */
export const periodSearch = { ...periodParsers, tz: tzParser };

/**
 * A link to a detail on the same list page: the current query string (filters, paging, period)
 * with `key` set to `value`, and the detail's anchor.
 */
export function detailLink(path: string, current: { toString(): string }, key: string, value: string, anchor: string): string {
  const sp = new URLSearchParams(current.toString());
  sp.set(key, value);
  return `${path}?${sp.toString()}#${anchor}`;
}
