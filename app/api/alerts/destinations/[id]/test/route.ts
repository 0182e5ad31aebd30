import { alertIdParams } from "@/lib/contract/alerts";
import { sendTest } from "@/lib/server/services/alerts";
import { json, route } from "@/lib/server/http/route";

/** "Send a test": queues a test message (202); its attempts appear in the delivery log. */
export const POST = route({
  role: "admin",
  params: alertIdParams,
  handler: async ({ params, user, ip }) => json(await sendTest(params.id, { user, ip }), 202),
});
