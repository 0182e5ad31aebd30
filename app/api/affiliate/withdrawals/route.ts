import { affiliateSources, listAnswer } from "@/lib/server/services/archive";
import { route } from "@/lib/server/http/route";

/** Internal transfers (getInternalWithdrawalStatus), one page: the past month, pageSize ≤ 200. */
export const GET = route("GET /api/affiliate/withdrawals", {
  // (transfers are the affiliate's own)
  partners: "denied",
  handler: async ({ input: { source, ...query }, req }) => {
    // the archive for the range it holds and WEEX for the rest, as `source` says
    const sources = affiliateSources(source);
    return listAnswer(sources, await sources.list("withdrawals", query, req.signal));
  },
});
