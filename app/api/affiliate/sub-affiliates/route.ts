import { QUERIES } from "@/lib/contract/queries";
import { affiliateSources } from "@/lib/server/archive";
import { route } from "@/lib/server/route";
import { withProvenance } from "../affiliate-route";

/**
 * Sub-affiliate daily records (querySubChannelTransactions), one page: the query parsed here
 * (lib/contract/queries.ts), the page read from the archive and/or WEEX (lib/archive/sources.ts,
 * where `page` becomes the upstream's pageNum).
 */
export const GET = route({
  role: "viewer",
  query: QUERIES["/api/affiliate/sub-affiliates"],
  handler: async ({ input: { source, ...filter }, req }) => {
    const sources = affiliateSources(source);
    return withProvenance(sources, await sources.list("subAffiliates", filter, req.signal));
  },
});
