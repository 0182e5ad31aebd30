import { z } from "zod";
import { getDb } from "@/lib/db";
import { listPage, pagingFields } from "@/lib/alerts/list";
import { listEpisodes, unreadCount } from "@/lib/alerts/store";
import { route } from "@/lib/server/route";

const query = z.strictObject({ state: z.enum(["open", "resolved"]).optional(), ...pagingFields });

/** What fired: every episode (open and resolved), newest first, and the caller's unread count. */
export const GET = route({
  role: "viewer",
  // (alerts are about the whole account: not a partner's)
  partners: "denied",
  query,
  handler: async ({ query: q, user }) => {
    const db = await getDb();
    const [{ items, total }, unread] = await Promise.all([listEpisodes(db, q), unreadCount(db, user.username)]);
    return { ...listPage(items, total, q), unread };
  },
});
