import { z } from "zod";
import { getDb } from "@/lib/db";
import { auditActions, listAudit } from "@/lib/db/audit";
import { route } from "@/lib/server/route";
import { inInt } from "@/lib/weex/wire";

const query = z.strictObject({
  username: z.string().trim().toLowerCase().max(64).optional(),
  action: z.string().trim().max(64).optional(),
  page: inInt(1, 1_000_000).optional().default(1),
  pageSize: inInt(1, 200).optional().default(50),
});

/** The audit log, newest first, filtered by user and action, in the dashboard's list shape. */
export const GET = route({
  role: "admin",
  query,
  handler: async ({ query: q }) => {
    const db = await getDb();
    const [{ items, total }, actions] = await Promise.all([listAudit(db, q), auditActions(db)]);
    const pages = Math.max(1, Math.ceil(total / q.pageSize));
    return { items, page: q.page, pageSize: q.pageSize, total, pages, hasNextPage: q.page < pages, actions };
  },
});
