/**
 * URL state shared by several pages (nuqs parsers). The period, granularity and time zone
 * belong to the person's current view, so the navigation carries them from page to page;
 * each page keeps its own filters and paging under names that do not collide with these.
 */
import { parseAsInteger, parseAsString, parseAsStringLiteral } from "nuqs";
import { GRANULARITIES, PRESETS } from "./period";
import { UTC } from "./time";

export const periodParsers = {
  period: parseAsStringLiteral(PRESETS).withDefault("30d"),
  from: parseAsString,
  to: parseAsString,
  gran: parseAsStringLiteral(GRANULARITIES).withDefault("day"),
};

export const tzParser = parseAsString.withDefault(UTC);

/** Which shared keys a nav link carries to a page. */
export const SHARED_KEYS = {
  period: ["period", "from", "to", "gran", "tz"],
  tz: ["tz"],
  none: [],
} as const;

export function pagingParsers(defaultSize: number) {
  return {
    page: parseAsInteger.withDefault(1),
    size: parseAsInteger.withDefault(defaultSize),
  };
}

/** Bound a page size from the URL to what the route accepts. */
export function clampPageSize(size: number, allowed: readonly number[]): number {
  return allowed.includes(size) ? size : allowed[0];
}
