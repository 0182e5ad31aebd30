import { QUERIES } from "@/lib/contract/queries";
import { affiliateSources } from "@/lib/server/archive";
import { route } from "@/lib/server/route";
import { withProvenance } from "../affiliate-route";

/** Internal transfers (getInternalWithdrawalStatus), one page: the past month, pageSize ≤ 200. */
export const GET = route({
  role: "viewer",
  query: QUERIES["/api/affiliate/withdrawals"],
  handler: async ({ input: { source, ...filter }, req }) => {
    const sources = affiliateSources(source);
    return withProvenance(sources, await sources.list("withdrawals", filter, req.signal));
  },
});
