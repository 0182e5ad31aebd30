import { z } from "zod";
import { deleteDestination } from "@/lib/alerts/server";
import { route } from "@/lib/server/route";

/** Remove a destination (its delivery log stays). */
export const DELETE = route({
  role: "admin",
  params: z.object({ id: z.string().max(64) }),
  handler: async ({ params, user, ip }) => {
    await deleteDestination(params.id, { user, ip });
    return { deleted: params.id };
  },
});
