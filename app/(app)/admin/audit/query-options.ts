/** What the audit page asks the API: one page of the log for its filters ("" = any). */
import type { PageRequest } from "@/components/ui/use-url-paging";
import { routeQuery } from "@/lib/ui/api";

export function auditQuery(f: { username: string; action: string }, paging: PageRequest) {
  return routeQuery("/api/admin/audit", { username: f.username || undefined, action: f.action || undefined, page: paging.page, pageSize: paging.pageSize });
}
