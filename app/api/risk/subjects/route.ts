import { subjectsFlags } from "@/lib/server/services/risk";
import { route } from "@/lib/server/http/route";

/** The open flags of the subjects a table shows (a badge per row); never a partner's. */
export const GET = route("GET /api/risk/subjects", {
  partners: "denied",
  handler: async ({ query }) => subjectsFlags(query),
});
