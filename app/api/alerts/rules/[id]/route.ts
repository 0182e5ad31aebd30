import { removalRoute } from "@/lib/server/services/alerts-routes";
import { alertIdParams, rulePatch } from "@/lib/contract/alerts";
import { changeRule, deleteRule } from "@/lib/server/services/alerts";
import { route } from "@/lib/server/http/route";

/** Change a rule: any of { name, params, timeZone, quiet, destinationIds, enabled }. */
export const PATCH = route({
  role: "admin",
  params: alertIdParams,
  body: rulePatch,
  handler: async ({ params, body, user, ip }) => ({ rule: await changeRule(params.id, body, { user, ip }) }),
});

/** Delete a rule; its history stays. */
export const DELETE = removalRoute(deleteRule);
