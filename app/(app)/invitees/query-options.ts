/** What the invited-users page asks the API: one page of the invitees of its filters. */
import type { PageRequest } from "@/components/ui/use-url-paging";
import type { Activity, Stage } from "@/lib/contract/params";
import { routeQuery } from "@/lib/ui/api";

export interface InviteesFilter {
  uid: string | null;
  startTime?: number;
  endTime?: number;
  stage?: Stage | null;
  activity?: Activity | null;
  activeDays?: number | null;
  inviteCode?: string | null;
}

export function inviteesQuery(f: InviteesFilter, paging: PageRequest) {
  return routeQuery("/api/affiliate/invitees", {
    uid: f.uid ?? undefined,
    startTime: f.startTime,
    endTime: f.endTime,
    stage: f.stage ?? undefined,
    activity: f.activity ?? undefined,
    activeDays: f.activeDays ?? undefined,
    inviteCode: f.inviteCode ?? undefined,
    page: paging.page,
    pageSize: paging.pageSize,
  });
}
