/** GET /api/affiliate/invitees/funnel — of the users registered in the range: KYC, first deposit, first trade. */
import { funnelQuery } from "@/lib/affiliate/queries";
import { affiliateSources } from "@/lib/server/archive";
import { archiveFunnelQuery, withSource } from "@/lib/archive/query";
import { route } from "@/lib/server/route";

export const GET = route({
  role: "viewer",
  query: withSource(funnelQuery, archiveFunnelQuery),
  handler: async ({ input, req }) => {
    const { source, ...range } = input;
    const sources = affiliateSources(source);
    return { ...(await sources.funnel(range, req.signal)), freshness: sources.freshness(), warnings: sources.warnings() };
  },
});
