/** GET /api/affiliate/invitees/codes — per invite code, the funnel of the users registered in the range (issue 14). */
import { funnelQuery } from "@/lib/affiliate/queries";
import { affiliateSources } from "@/lib/affiliate/server";
import { inviteCodes } from "@/lib/archive/cohorts-query";
import { archiveFunnelQuery, withSource } from "@/lib/archive/query";
import { route } from "@/lib/server/route";

export const GET = route({
  role: "viewer",
  // the same range rules as the funnel: both ends, a year (any range with source=archive)
  query: withSource(funnelQuery, archiveFunnelQuery),
  handler: async ({ input, req }) => {
    const { source, ...range } = input;
    const sources = affiliateSources(source);
    return { ...(await inviteCodes(sources, range, req.signal)), freshness: sources.freshness(), warnings: sources.warnings() };
  },
});
