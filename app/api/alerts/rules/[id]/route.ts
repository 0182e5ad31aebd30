import { z } from "zod";
import { removalRoute } from "@/lib/server/alerts-routes";
import { rulePatch } from "@/lib/contract/alerts";
import { changeRule, deleteRule } from "@/lib/server/alerts";
import { route } from "@/lib/server/route";

const params = z.object({ id: z.string().max(64) });

/** Change a rule: any of { name, params, timeZone, quiet, destinationIds, enabled }. */
export const PATCH = route({
  role: "admin",
  params,
  body: rulePatch,
  handler: async ({ params, body, user, ip }) => ({ rule: await changeRule(params.id, body, { user, ip }) }),
});

/** Delete a rule; its history stays. */
export const DELETE = removalRoute(deleteRule);
