import { collectionRoutes } from "@/lib/server/services/alerts-routes";
import { createRule } from "@/lib/server/services/alerts";
import { listRules } from "@/lib/alerts/store";

/** GET: the alert rules (viewers see them). POST (admin): { name, kind, params?, timeZone?, quiet?, destinationIds?, enabled? } → { rule }. */
const routes = collectionRoutes("/api/alerts/rules", { list: listRules, create: async (input, who) => ({ rule: await createRule(input, who) }) });
export const GET = routes.GET;
export const POST = routes.POST;
