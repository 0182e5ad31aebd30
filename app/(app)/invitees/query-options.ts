/** What the invited-users page asks the API: one page of the invitees of its filters. */
import type { PageRequest } from "@/components/ui/use-url-paging";
import { routeQuery } from "@/lib/ui/api";

export interface InviteesFilter {
  uid: string | null;
  startTime?: number;
  endTime?: number;
}

export function inviteesQuery(f: InviteesFilter, paging: PageRequest) {
  return routeQuery("/api/affiliate/invitees", { uid: f.uid ?? undefined, startTime: f.startTime, endTime: f.endTime, page: paging.page, pageSize: paging.pageSize });
}
