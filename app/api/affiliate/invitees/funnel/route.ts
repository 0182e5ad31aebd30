/** GET /api/affiliate/invitees/funnel — of the users registered in the range: KYC, first deposit, first trade. */
import { QUERIES } from "@/lib/contract/queries";
import { affiliateSources } from "@/lib/affiliate/server";
import { route } from "@/lib/server/route";

export const GET = route({
  role: "viewer",
  query: QUERIES["/api/affiliate/invitees/funnel"],
  handler: async ({ input, req }) => {
    const { source, ...range } = input;
    const sources = affiliateSources(source);
    return { ...(await sources.funnel(range, req.signal)), freshness: sources.freshness(), warnings: sources.warnings() };
  },
});
