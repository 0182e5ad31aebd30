import { getDb } from "@/lib/db";
import { auditActions, listAudit } from "@/lib/db/audit";
import { route } from "@/lib/server/http/route";

/** The audit log, newest first, filtered by user and action, in the dashboard's list shape. */
export const GET = route("GET /api/admin/audit", {
  handler: async ({ query: q }) => {
    const db = await getDb();
    const [{ items, total }, actions] = await Promise.all([listAudit(db, q), auditActions(db)]);
    const pages = Math.max(1, Math.ceil(total / q.pageSize));
    return { items, page: q.page, pageSize: q.pageSize, total, pages, hasNextPage: q.page < pages, actions };
  },
});
