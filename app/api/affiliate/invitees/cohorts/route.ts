/** GET /api/affiliate/invitees/cohorts — registration cohorts (week/month in a zone) and how they convert (issue 14). */
import { archiveCohortsQuery, cohortsQuery } from "@/lib/affiliate/cohort-queries";
import { affiliateSources } from "@/lib/affiliate/server";
import { cohorts } from "@/lib/archive/cohorts-query";
import { withSource } from "@/lib/archive/query";
import { route } from "@/lib/server/route";

export const GET = route({
  role: "viewer",
  query: withSource(cohortsQuery, archiveCohortsQuery),
  handler: async ({ input, req }) => {
    const { source, ...q } = input;
    const sources = affiliateSources(source);
    return { ...(await cohorts(sources, q, Date.now(), req.signal)), freshness: sources.freshness(), warnings: sources.warnings() };
  },
});
