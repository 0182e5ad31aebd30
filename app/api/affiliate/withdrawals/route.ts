import { QUERIES } from "@/lib/contract/queries";
import { affiliateSources, withProvenance } from "@/lib/server/services/archive";
import { route } from "@/lib/server/http/route";

/** Internal transfers (getInternalWithdrawalStatus), one page: the past month, pageSize ≤ 200. */
export const GET = route({
  role: "viewer",
  // (transfers are the affiliate's own)
  partners: "denied",
  query: QUERIES["/api/affiliate/withdrawals"],
  handler: async ({ input: { source, ...query }, req }) => {
    // the archive for the range it holds and WEEX for the rest, as `source` says
    const sources = affiliateSources(source);
    return withProvenance(sources, await sources.list("withdrawals", query, req.signal));
  },
});
