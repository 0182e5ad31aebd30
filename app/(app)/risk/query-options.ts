/**
 * What the /risk page asks the API: one page of flags with the counts by severity and the
 * commission at risk (and the same filters for the CSV), and the open flag's detail with the
 * daily figures behind it. The risk answers are typed by lib/contract/risk.ts.
 */
import { queryOptions } from "@tanstack/react-query";
import type { Values } from "nuqs";
import type { PageRequest } from "@/components/ui/use-url-paging";
import type { RiskFlagDetail, RiskFlagsPage } from "@/lib/contract/risk";
import { apiGet, type QueryParams } from "@/lib/ui/api";
import { DAY_MS, parseYmd, startOfDay, UTC } from "@/lib/time/calendar";
import type { riskSearch } from "./search-params";

export const RISK_FLAGS_PATH = "/api/risk/flags";

/** A UTC day of the URL as the instant it starts (ms), or undefined when absent or not a day. */
function dayStart(day: string | null): number | undefined {
  const ymd = parseYmd(day);
  return ymd ? startOfDay(ymd, UTC) : undefined;
}

/** The URL's filters under the API's names (the list's and the CSV's): the seen days as [startTime, endTime). */
export function riskFilter(url: Values<typeof riskSearch>): QueryParams {
  const end = dayStart(url.seenTo);
  return {
    state: url.state,
    rule: url.rule ?? undefined,
    severity: url.severity ?? undefined,
    subjectType: url.subjectType ?? undefined,
    subject: url.subject ?? undefined,
    startTime: dayStart(url.seenFrom),
    endTime: end === undefined ? undefined : end + DAY_MS,
  };
}

export function riskFlagsQuery(url: Values<typeof riskSearch>, paging: PageRequest) {
  const params = { ...riskFilter(url), page: paging.page, pageSize: paging.pageSize };
  return queryOptions({
    queryKey: [RISK_FLAGS_PATH, params] as const,
    queryFn: ({ signal }) => apiGet<RiskFlagsPage>(RISK_FLAGS_PATH, params, signal),
  });
}

/** One flag and its series (the detail under `?flag=`). */
export function riskFlagQuery(id: string) {
  return queryOptions({
    queryKey: ["/api/risk/flags/[id]", id] as const,
    queryFn: ({ signal }) => apiGet<RiskFlagDetail>(`${RISK_FLAGS_PATH}/${encodeURIComponent(id)}`, {}, signal),
  });
}
