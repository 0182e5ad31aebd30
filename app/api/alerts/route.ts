import { z } from "zod";
import { getDb } from "@/lib/db";
import { listPage } from "@/lib/alerts/list";
import { listEpisodes, unreadCount } from "@/lib/alerts/store";
import { route } from "@/lib/server/route";
import { inInt } from "@/lib/weex/wire";

const query = z.strictObject({
  state: z.enum(["open", "resolved"]).optional(),
  page: inInt(1, 1_000_000).optional().default(1),
  pageSize: inInt(1, 200).optional().default(50),
});

/** What fired: every episode (open and resolved), newest first, and the caller's unread count. */
export const GET = route({
  role: "viewer",
  query,
  handler: async ({ query: q, user }) => {
    const db = await getDb();
    const [{ items, total }, unread] = await Promise.all([listEpisodes(db, q), unreadCount(db, user.username)]);
    return { ...listPage(items, total, q.page, q.pageSize), unread };
  },
});
