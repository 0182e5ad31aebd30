/** GET /api/affiliate/sub-affiliates/leaderboard — the top sub-affiliates by commission or volume. */
import { QUERIES } from "@/lib/contract/queries";
import { affiliateSources } from "@/lib/affiliate/server";
import { route } from "@/lib/server/route";

export const GET = route({
  role: "viewer",
  query: QUERIES["/api/affiliate/sub-affiliates/leaderboard"],
  handler: async ({ input, req }) => {
    const { by, limit, source, ...filter } = input;
    const sources = affiliateSources(source);
    return { ...(await sources.leaderboard(filter, { by, limit }, req.signal)), freshness: sources.freshness(), warnings: sources.warnings() };
  },
});
