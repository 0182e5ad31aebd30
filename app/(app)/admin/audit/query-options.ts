/** What the audit page asks the API: one page of the log for its filters ("" = any). */
import { routeQuery } from "@/lib/ui/api";

export function auditQuery(f: { username: string; action: string }, page: number, pageSize: number) {
  return routeQuery("/api/admin/audit", { username: f.username || undefined, action: f.action || undefined, page, pageSize });
}
