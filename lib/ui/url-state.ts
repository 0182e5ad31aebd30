/**
 * URL state shared by several pages (nuqs parsers; imported from "nuqs", not "nuqs/server",
 * which carries its own copy of the parsers into a page's bundle).
 * The period, granularity and time zone belong to the person's current view, so the
 * navigation carries them from page to page; each page keeps its own filters and paging under
 * names that do not collide with these. A key that is also an API parameter has the API's
 * name (`pageSize`, `productType`, `granularity`); url-keys.ts lists the names older links
 * used, which the pages redirect to the current ones.
 */
import { parseAsInteger, parseAsString, parseAsStringLiteral } from "nuqs";
import { LISTS, type ListKey } from "@/lib/contract/params";
import { COMPARES, GRANULARITIES, PRESETS } from "./period";
import { UTC } from "./time";

export const periodParsers = {
  period: parseAsStringLiteral(PRESETS).withDefault("30d"),
  from: parseAsString,
  to: parseAsString,
  granularity: parseAsStringLiteral(GRANULARITIES).withDefault("day"),
  // what the period is compared with (lib/ui/period.ts comparisonPeriod)
  compare: parseAsStringLiteral(COMPARES).withDefault("previous"),
  compareStart: parseAsString,
  compareEnd: parseAsString,
};

export const tzParser = parseAsString.withDefault(UTC);

/** `page` and `pageSize` of a list, defaulting to what its route answers without them (LISTS). */
export function pagingParsers(list: ListKey) {
  return {
    page: parseAsInteger.withDefault(1),
    pageSize: parseAsInteger.withDefault(LISTS[list].defaultSize),
  };
}


/**
 * Paging values from a link corrected to the nearest valid ones: a page below 1 becomes 1, a
 * size outside `allowed` the nearest allowed size (100000 → the largest). `corrected` names
 * what was changed (null when nothing was), for the notice said once in the page's language
 * (usePagedQuery); the caller writes the corrected values back into the URL so the link on
 * screen is a valid one.
 */
export function correctPaging(page: number, size: number, allowed: readonly number[]): { page: number; size: number; corrected: PagingCorrection | null } {
  const validPage = Number.isSafeInteger(page) && page >= 1 ? page : 1;
  const validSize = allowed.includes(size) ? size : nearest(size, allowed);
  const corrected: PagingCorrection = {};
  if (validPage !== page) corrected.page = { from: page, to: validPage };
  if (validSize !== size) corrected.size = { from: size, to: validSize, choices: allowed };
  return { page: validPage, size: validSize, corrected: corrected.page || corrected.size ? corrected : null };
}

/** What correctPaging changed in a link: the page, the page size (with the sizes there are). */
export interface PagingCorrection {
  page?: { from: number; to: number };
  size?: { from: number; to: number; choices: readonly number[] };
}

function nearest(n: number, allowed: readonly number[]): number {
  if (!Number.isFinite(n)) return allowed[0];
  return allowed.reduce((best, a) => (Math.abs(a - n) < Math.abs(best - n) ? a : best), allowed[0]);
}
