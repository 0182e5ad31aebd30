import { changeFlag } from "@/lib/server/services/risk";
import { route } from "@/lib/server/http/route";

/** Review a flag: { state, note } (a note is required to dismiss); audit-logged. */
export const PATCH = route("PATCH /api/risk/flags/[id]", {
  handler: async ({ params, body, user, ip }) => changeFlag(params.id, body, { user, ip }),
});
