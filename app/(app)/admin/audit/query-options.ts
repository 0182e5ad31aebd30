/** What the audit page asks the API: one page of the log for its URL's filters ("" = any). */
import type { Values } from "nuqs";
import type { PageRequest } from "@/components/ui/use-url-paging";
import { routeQuery } from "@/lib/ui/api";
import type { auditSearch } from "./search-params";

export function auditQuery(url: Values<typeof auditSearch>, paging: PageRequest) {
  return routeQuery("/api/admin/audit", { username: url.username || undefined, action: url.action || undefined, page: paging.page, pageSize: paging.pageSize });
}
