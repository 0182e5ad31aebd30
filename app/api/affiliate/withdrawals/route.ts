import { QUERIES } from "@/lib/contract/queries";
import { affiliateSources } from "@/lib/affiliate/server";
import type { ListInput } from "@/lib/archive/sources";
import { route } from "@/lib/server/route";

/** Internal transfers (getInternalWithdrawalStatus): the past month, pageSize ≤ 200. */
export const GET = route({
  role: "viewer",
  query: QUERIES["/api/affiliate/withdrawals"],
  handler: async ({ input, req }) => {
    const { source, ...rest } = input;
    const sources = affiliateSources(source);
    return { ...(await sources.list("withdrawals", rest as ListInput, req.signal)), freshness: sources.freshness(), warnings: sources.warnings() };
  },
});
