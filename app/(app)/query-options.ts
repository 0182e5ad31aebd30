/**
 * What the overview asks the API (the trend chart of the sub-affiliates page uses the series
 * too): sums per bucket, the invitee funnel and the leaderboards of a period.
 */
import type { Granularity, LeaderboardBy } from "@/lib/contract/params";
import { routeQuery } from "@/lib/ui/api";
import type { Period } from "@/lib/ui/period";

type Range = Pick<Period, "startTime" | "endTime">;

export function seriesQuery(period: Range, granularity: Granularity, tz: string, subUid?: string) {
  return routeQuery("/api/affiliate/sub-affiliates/series", { subUid, startTime: period.startTime, endTime: period.endTime, granularity, tz });
}

export function funnelQuery(period: Range) {
  return routeQuery("/api/affiliate/invitees/funnel", { startTime: period.startTime, endTime: period.endTime });
}

export function leaderboardQuery(period: Range, by: LeaderboardBy, limit = 10) {
  return routeQuery("/api/affiliate/sub-affiliates/leaderboard", { startTime: period.startTime, endTime: period.endTime, by, limit });
}
