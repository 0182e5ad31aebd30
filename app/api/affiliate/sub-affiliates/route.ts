import { QUERIES } from "@/lib/contract/queries";
import { affiliateSources, withProvenance } from "@/lib/server/archive";
import { route } from "@/lib/server/route";

/**
 * Sub-affiliate daily records (querySubChannelTransactions), one page: the query parsed by the
 * contract's schema, the page read from the archive and/or WEEX (lib/archive/sources.ts; `page`
 * goes upstream as pageNum).
 */
export const GET = route({
  role: "viewer",
  query: QUERIES["/api/affiliate/sub-affiliates"],
  handler: async ({ input: { source, ...query }, req }) => {
    // the archive for the range it holds and WEEX for the rest, as `source` says
    const sources = affiliateSources(source);
    return withProvenance(sources, await sources.list("subAffiliates", query, req.signal));
  },
});
