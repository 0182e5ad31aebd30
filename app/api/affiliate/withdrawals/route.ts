import { ENDPOINTS, requestSchema } from "@/lib/weex/endpoints";
import { affiliateSources } from "@/lib/server/archive";
import { archiveListQuery, withSource } from "@/lib/archive/query";
import type { ListInput } from "@/lib/archive/sources";
import { route } from "@/lib/server/route";

/** Internal transfers (getInternalWithdrawalStatus): the past month, pageSize ≤ 200. */
export const GET = route({
  role: "viewer",
  query: withSource(requestSchema(ENDPOINTS.withdrawals), archiveListQuery.withdrawals),
  handler: async ({ input, req }) => {
    const { source, ...rest } = input;
    const sources = affiliateSources(source);
    return { ...(await sources.list("withdrawals", rest as ListInput, req.signal)), freshness: sources.freshness(), warnings: sources.warnings() };
  },
});
