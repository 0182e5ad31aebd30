import { commissionPage } from "@/lib/archive/commission-list";
import { affiliateSources, withProvenance } from "@/lib/server/services/archive";
import { route } from "@/lib/server/http/route";

/**
 * GET /api/affiliate/commissions — commission records (getAffiliateCommission) under WEEX's
 * field names, newest first, both product types unless one is named. With
 * `source=live`, one product type and no filter WEEX lacks, the page is WEEX's own page.
 */
export const GET = route("GET /api/affiliate/commissions", {
  // a partner: the records of their invite codes' invitees only (lib/archive/scope-invitees.ts)
  partners: "invitees",
  handler: async ({ input: { source, ...input }, scope, req }) => {
    const sources = affiliateSources(source, scope);
    return withProvenance(sources, await commissionPage(sources, source, input, req.signal));
  },
});
