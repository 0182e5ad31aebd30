/** GET /api/affiliate/sub-affiliates/series — daily records summed per bucket and product type. */
import { seriesQuery } from "@/lib/affiliate/queries";
import { affiliateSources } from "@/lib/server/archive";
import { withSource } from "@/lib/archive/query";
import { route } from "@/lib/server/route";

export const GET = route({
  role: "viewer",
  query: withSource(seriesQuery),
  handler: async ({ input, req }) => {
    const { granularity, tz, source, ...filter } = input;
    const sources = affiliateSources(source);
    return { ...(await sources.series(filter, granularity, tz, req.signal)), freshness: sources.freshness(), warnings: sources.warnings() };
  },
});
