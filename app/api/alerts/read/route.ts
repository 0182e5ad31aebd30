import { getDb } from "@/lib/db";
import { markRead } from "@/lib/alerts/store";
import { route } from "@/lib/server/http/route";

/** The caller has seen the alerts up to now (the bell goes back to 0). */
export const POST = route("POST /api/alerts/read", {
  // (the bell counts alerts about the whole account: not a partner's)
  partners: "denied",
  handler: async ({ user }) => {
    await markRead(await getDb(), user.username, Date.now());
    return { unread: 0 };
  },
});
