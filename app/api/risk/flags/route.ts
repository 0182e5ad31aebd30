import { flagsPage } from "@/lib/server/services/risk";
import { localeOfRequest } from "@/lib/server/http/locale";
import { route } from "@/lib/server/http/route";

/** The risk flags the filter selects (default: the open ones), one page; the manager's view, never a partner's. */
export const GET = route("GET /api/risk/flags", {
  partners: "denied",
  handler: async ({ query, req, user }) => flagsPage(query, localeOfRequest(req, user)),
});
