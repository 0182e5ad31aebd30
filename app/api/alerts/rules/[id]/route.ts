import { removalRoute } from "@/lib/server/services/alerts-routes";
import { changeRule, deleteRule } from "@/lib/server/services/alerts";
import { route } from "@/lib/server/http/route";

/** Change a rule: any of { name, params, timeZone, quiet, destinationIds, enabled }. */
export const PATCH = route("PATCH /api/alerts/rules/[id]", {
  handler: async ({ params, body, user, ip }) => ({ rule: await changeRule(params.id, body, { user, ip }) }),
});

/** Delete a rule; its history stays. */
export const DELETE = removalRoute("DELETE /api/alerts/rules/[id]", deleteRule);
