/**
 * What the invitee-value page asks the API: one page of invitees by value in the period with its
 * totals (and the same filters for the export), and for the invitee whose detail is open: its
 * funnel row, its commission per coin over time, its commission records, and (on demand, live)
 * its assets.
 */
import { queryOptions } from "@tanstack/react-query";
import type { Values } from "nuqs";
import type { PageRequest } from "@/components/ui/use-url-paging";
import type { Granularity } from "@/lib/contract/params";
import type { QueryInput } from "@/lib/contract/queries";
import type { InviteeAssets } from "@/lib/contract/responses";
import { apiGet, routeQuery } from "@/lib/ui/api";
import type { Period } from "@/lib/ui/period";
import type { valueSearch } from "./search-params";

type Range = Pick<Period, "startTime" | "endTime">;

/** The URL's filters and the period under the API's names (the list's and the export's). */
export function valueFilter(url: Values<typeof valueSearch>, period: Range): QueryInput<"/api/affiliate/invitees/value/export"> {
  return {
    startTime: period.startTime,
    endTime: period.endTime,
    uid: url.uid ?? undefined,
    inviteCode: url.inviteCode ?? undefined,
    sort: url.sort,
    coin: url.coin ?? undefined,
  };
}

export function valueQuery(url: Values<typeof valueSearch>, paging: PageRequest, period: Range) {
  return routeQuery("/api/affiliate/invitees/value", { ...valueFilter(url, period), page: paging.page, pageSize: paging.pageSize });
}

/** The invitee's own row of the invitee list: its registration, KYC, first and last deposit and trade. */
export function inviteeRowQuery(uid: string) {
  return routeQuery("/api/affiliate/invitees", { uid, page: 1, pageSize: 1 });
}

/** The invitee's commission per bucket and coin (the series' items also split product and source type). */
export function inviteeSeriesQuery(uid: string, period: Range, granularity: Granularity, tz: string) {
  return routeQuery("/api/affiliate/commissions/series", { uid, startTime: period.startTime, endTime: period.endTime, granularity, tz });
}

/** The invitee's commission records, newest pages as the API pages them (pair, coin, time). */
export function inviteeRecordsQuery(uid: string, period: Range, page: number) {
  return routeQuery("/api/affiliate/commissions", { uid, startTime: period.startTime, endTime: period.endTime, page, pageSize: 50 });
}

/**
 * The invitee's asset snapshot now and its deposits of the last 7 UTC days (the route's default
 * window: WEEX reads them live, so the page asks only when a person opens them).
 */
export function inviteeAssetsQuery(uid: string) {
  const path = `/api/affiliate/invitees/${encodeURIComponent(uid)}/assets`;
  return queryOptions({
    queryKey: ["/api/affiliate/invitees/[uid]/assets", uid] as const,
    queryFn: ({ signal }) => apiGet<InviteeAssets>(path, {}, signal),
  });
}
