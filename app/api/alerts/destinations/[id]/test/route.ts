import { z } from "zod";
import { sendTest } from "@/lib/server/alerts";
import { json, route } from "@/lib/server/route";

/** "Send a test": queues a test message (202); its attempts appear in the delivery log. */
export const POST = route({
  role: "admin",
  params: z.object({ id: z.string().max(64) }),
  handler: async ({ params, user, ip }) => json(await sendTest(params.id, { user, ip }), 202),
});
