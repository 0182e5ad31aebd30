import { rulesList } from "@/lib/server/services/risk";
import { route } from "@/lib/server/http/route";

/** The risk rules with their settings; the manager's view, never a partner's. */
export const GET = route("GET /api/risk/rules", {
  partners: "denied",
  handler: async () => rulesList(),
});
