/**
 * What the overview asks the API: sums per bucket (the series, which the sub-affiliates page's
 * trend panel asks too: components/charts/query-options.ts), the invitee funnel and the
 * leaderboards of a period.
 */
import { seriesQuery } from "@/components/charts/query-options";
import { INVITEE_MAX_AGE_WITH_GRACE_MS, type Granularity, type LeaderboardBy } from "@/lib/contract/params";
import { routeQuery } from "@/lib/ui/api";
import type { Period } from "@/lib/ui/period";

type Range = Pick<Period, "startTime" | "endTime">;

export function funnelQuery(period: Range) {
  return routeQuery("/api/affiliate/invitees/funnel", { startTime: period.startTime, endTime: period.endTime });
}

/** The period's commission records summed per coin and source type (month buckets keep the answer small: the totals are what the overview shows). */
export function commissionSplitQuery(period: Range, tz: string) {
  return routeQuery("/api/affiliate/commissions/series", { startTime: period.startTime, endTime: period.endTime, granularity: "month", tz });
}

export function leaderboardQuery(period: Range, by: LeaderboardBy, limit = 10) {
  return routeQuery("/api/affiliate/sub-affiliates/leaderboard", { startTime: period.startTime, endTime: period.endTime, by, limit });
}

/** Whether WEEX answers invitee queries for the period: only registrations of the past year (the route allows a day of grace). */
export function inviteeRangeAvailable(p: Range, now: number): boolean {
  return p.startTime >= now - INVITEE_MAX_AGE_WITH_GRACE_MS;
}

/**
 * How long the overview's answers count as fresh: the ones the server put in the cache with the
 * page are not asked for again as the view mounts. (useRouteQuery sets staleTime itself, so the
 * provider's default does not apply to it.)
 */
export const OVERVIEW_STALE_MS = 60_000;

/**
 * Every answer the overview shows for one URL state, in the order the view asks for them
 * (view.tsx asks one after another; the server prefetches them together, so a page served from
 * the archive arrives with its figures).
 */
export function overviewQueries(period: Range, previous: Range, granularity: Granularity, tz: string, now: number, withInvitees = true) {
  return [
    seriesQuery(period, granularity, tz),
    ...(withInvitees && inviteeRangeAvailable(period, now) ? [funnelQuery(period)] : []),
    seriesQuery(previous, "month", tz),
    ...(withInvitees && inviteeRangeAvailable(previous, now) ? [funnelQuery(previous)] : []),
    leaderboardQuery(period, "commission"),
    leaderboardQuery(period, "volume"),
    // (a partner's commission records are their invite codes' invitees': without codes, none)
    ...(withInvitees ? [commissionSplitQuery(period, tz)] : []),
  ];
}
