import { sendTest } from "@/lib/server/services/alerts";
import { json, route } from "@/lib/server/http/route";

/** "Send a test": queues a test message (202); its attempts appear in the delivery log. */
export const POST = route("POST /api/alerts/destinations/[id]/test", {
  handler: async ({ params, user, ip }) => json(await sendTest(params.id, { user, ip }), 202),
});
