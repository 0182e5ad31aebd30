import { commissionPage } from "@/lib/archive/commission-list";
import { QUERIES } from "@/lib/contract/queries";
import { affiliateSources, withProvenance } from "@/lib/server/archive";
import { route } from "@/lib/server/route";

/**
 * GET /api/affiliate/commissions — commission records (getAffiliateCommission) under WEEX's
 * field names, newest first, both product types unless one is named (issue 27). With
 * `source=live`, one product type and no filter WEEX lacks, the page is WEEX's own page.
 */
export const GET = route({
  role: "viewer",
  query: QUERIES["/api/affiliate/commissions"],
  handler: async ({ input: { source, ...input }, req }) => {
    const sources = affiliateSources(source);
    return withProvenance(sources, await commissionPage(sources, source, input, req.signal));
  },
});
