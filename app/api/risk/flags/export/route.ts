import { flagsExport } from "@/lib/server/services/risk";
import { localeOfRequest } from "@/lib/server/http/locale";
import { route } from "@/lib/server/http/route";

/** GET /api/risk/flags/export — every flag of the list's filters as a CSV file, the sentences in the reader's language; never a partner's. */
export const GET = route("GET /api/risk/flags/export", {
  partners: "denied",
  handler: async ({ query, req, user }) => flagsExport(query, localeOfRequest(req, user), req),
});
