/**
 * The archive's state as every viewer may see it: whether the first backfill still runs and
 * how far it is, when each dataset last synced and which range it holds. Pages use it to say
 * "Building your history — 57 %" and what a period's data covers. No upstream call.
 */
import { viewerArchiveStatus } from "@/lib/server/services/archive";
import { route } from "@/lib/server/http/route";

export const GET = route("GET /api/archive/status", {
  // (how far the history is built: nobody's rows)
  partners: "open",
  handler: () => viewerArchiveStatus(),
});
