import { changeRule } from "@/lib/server/services/risk";
import { route } from "@/lib/server/http/route";

/** Change a rule: { enabled?, params? } (each parameter within its bounds); re-evaluates it. */
export const PATCH = route("PATCH /api/risk/rules/[rule]", {
  handler: async ({ params, body, user, ip }) => changeRule(params.rule, body, { user, ip }),
});
