/** What the invited-users page asks the API: one page of the invitees of its URL's filters, and the same filters for the export. */
import type { Values } from "nuqs";
import type { PageRequest } from "@/components/ui/use-url-paging";
import type { QueryInput } from "@/lib/contract/queries";
import { routeQuery } from "@/lib/ui/api";
import { rangeToEpoch } from "@/lib/ui/ranges";
import type { inviteesSearch } from "./search-params";

/**
 * The URL's filters under the API's names: the registration days (`regFrom`, `regTo`) in `tz`,
 * `activeDays` only where the activity counts days (not "never").
 */
export function inviteesFilter(url: Values<typeof inviteesSearch>, tz: string): QueryInput<"/api/affiliate/invitees/export"> {
  const activeDays = url.activity && url.activity !== "never" && url.activeDays !== null ? url.activeDays : undefined;
  return {
    uid: url.uid ?? undefined,
    ...rangeToEpoch(url.regFrom, url.regTo, tz),
    stage: url.stage ?? undefined,
    activity: url.activity ?? undefined,
    activeDays,
    inviteCode: url.inviteCode ?? undefined,
  };
}

export function inviteesQuery(url: Values<typeof inviteesSearch>, paging: PageRequest, tz: string) {
  return routeQuery("/api/affiliate/invitees", { ...inviteesFilter(url, tz), page: paging.page, pageSize: paging.pageSize });
}
