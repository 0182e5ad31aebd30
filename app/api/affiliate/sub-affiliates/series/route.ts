/** GET /api/affiliate/sub-affiliates/series — daily records summed per bucket and product type. */
import { QUERIES } from "@/lib/contract/queries";
import { affiliateSources } from "@/lib/affiliate/server";
import { route } from "@/lib/server/route";

export const GET = route({
  role: "viewer",
  query: QUERIES["/api/affiliate/sub-affiliates/series"],
  handler: async ({ input, req }) => {
    const { granularity, tz, source, ...filter } = input;
    const sources = affiliateSources(source);
    return { ...(await sources.series(filter, granularity, tz, req.signal)), freshness: sources.freshness(), warnings: sources.warnings() };
  },
});
