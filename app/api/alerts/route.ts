import { getDb } from "@/lib/db";
import { alertListAnswer } from "@/lib/alerts/list";
import { listEpisodes, unreadCount } from "@/lib/alerts/store";
import { route } from "@/lib/server/http/route";

/** What fired: every episode (open and resolved), newest first, and the caller's unread count. */
export const GET = route("GET /api/alerts", {
  // (alerts are about the whole account: not a partner's)
  partners: "denied",
  handler: async ({ query: q, user }) => {
    const db = await getDb();
    const [{ items, total }, unread] = await Promise.all([listEpisodes(db, q), unreadCount(db, user.username)]);
    return { ...alertListAnswer(items, total, q), unread };
  },
});
