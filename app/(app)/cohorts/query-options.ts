/** What the cohorts page asks the API: the cohorts of the period, and its invite codes. */
import type { CohortBy } from "@/lib/contract/params";
import { routeQuery } from "@/lib/ui/api";
import type { Period } from "@/lib/ui/period";

type Range = Pick<Period, "startTime" | "endTime">;

export function cohortsQuery(period: Range, by: CohortBy, tz: string) {
  return routeQuery("/api/affiliate/invitees/cohorts", { startTime: period.startTime, endTime: period.endTime, by, tz });
}

export function codesQuery(period: Range) {
  return routeQuery("/api/affiliate/invitees/codes", { startTime: period.startTime, endTime: period.endTime });
}
