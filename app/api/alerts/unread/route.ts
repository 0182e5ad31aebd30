import { getDb } from "@/lib/db";
import { unreadCount } from "@/lib/alerts/store";
import { route } from "@/lib/server/http/route";

/** The bell: how many alerts fired since the caller last opened /alerts. */
export const GET = route("GET /api/alerts/unread", {
  // (the bell counts alerts about the whole account: not a partner's)
  partners: "denied",
  handler: async ({ user }) => ({ unread: await unreadCount(await getDb(), user.username) }),
});
