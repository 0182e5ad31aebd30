/** GET /api/affiliate/sub-affiliates/leaderboard — the top sub-affiliates by commission or volume. */
import { leaderboardQuery } from "@/lib/affiliate/queries";
import { affiliateSources } from "@/lib/server/archive";
import { withSource } from "@/lib/archive/query";
import { route } from "@/lib/server/route";

export const GET = route({
  role: "viewer",
  query: withSource(leaderboardQuery),
  handler: async ({ input, req }) => {
    const { by, limit, source, ...filter } = input;
    const sources = affiliateSources(source);
    return { ...(await sources.leaderboard(filter, { by, limit }, req.signal)), freshness: sources.freshness(), warnings: sources.warnings() };
  },
});
