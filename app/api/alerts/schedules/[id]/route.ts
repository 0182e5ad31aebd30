import { z } from "zod";
import { deleteSchedule } from "@/lib/alerts/server";
import { route } from "@/lib/server/route";

/** Stop a scheduled report. */
export const DELETE = route({
  role: "admin",
  params: z.object({ id: z.string().max(64) }),
  handler: async ({ params, user, ip }) => {
    await deleteSchedule(params.id, { user, ip });
    return { deleted: params.id };
  },
});
