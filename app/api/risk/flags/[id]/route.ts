import { changeFlag, flagDetail } from "@/lib/server/services/risk";
import { localeOfRequest } from "@/lib/server/http/locale";
import { route } from "@/lib/server/http/route";

/** A flag with the daily figures behind it (the manager's view, never a partner's). */
export const GET = route("GET /api/risk/flags/[id]", {
  partners: "denied",
  handler: async ({ params, req, user }) => flagDetail(params.id, localeOfRequest(req, user)),
});

/** Review a flag: { state, note } (a note is required to dismiss); audit-logged. */
export const PATCH = route("PATCH /api/risk/flags/[id]", {
  handler: async ({ params, body, user, ip }) => changeFlag(params.id, body, { user, ip }),
});
