import { subAffiliateWindow } from "@/lib/contract/params";
import { affiliateSources, listAnswer } from "@/lib/server/services/archive";
import { route } from "@/lib/server/http/route";

/**
 * Sub-affiliate daily records (querySubChannelTransactions), one page: the query parsed by the
 * contract's schema, its range bounded (WEEX answers only a bounded window: an open end is
 * chosen, and the answer's `window` says which), the page read from the archive and/or WEEX
 * (lib/archive/sources.ts; `page` goes upstream as pageNum).
 */
export const GET = route("GET /api/affiliate/sub-affiliates", {
  partners: "subAffiliates",
  handler: async ({ input: { source, ...query }, scope, req }) => {
    const window = subAffiliateWindow(query, Date.now());
    // the archive for the range it holds and WEEX for the rest, as `source` says
    const sources = affiliateSources(source, scope);
    const page = await sources.list("subAffiliates", { ...query, startTime: window.startTime, endTime: window.endTime }, req.signal);
    return listAnswer(sources, { ...page, window });
  },
});
