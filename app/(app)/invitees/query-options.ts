/** What the invited-users page asks the API: one page of the invitees of its filters. */
import { routeQuery } from "@/lib/ui/api";

export interface InviteesFilter {
  uid: string | null;
  startTime?: number;
  endTime?: number;
}

export function inviteesQuery(f: InviteesFilter, page: number, pageSize: number) {
  return routeQuery("/api/affiliate/invitees", { uid: f.uid ?? undefined, startTime: f.startTime, endTime: f.endTime, page, pageSize });
}
