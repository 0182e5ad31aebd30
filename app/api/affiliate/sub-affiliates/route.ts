import { ENDPOINTS, requestSchema } from "@/lib/weex/endpoints";
import { affiliateSources } from "@/lib/server/archive";
import { withSource } from "@/lib/archive/query";
import type { ListInput } from "@/lib/archive/sources";
import { route } from "@/lib/server/route";

/** Sub-affiliate daily records (querySubChannelTransactions), one page; page maps to pageNum. */
export const GET = route({
  role: "viewer",
  query: withSource(requestSchema(ENDPOINTS.subAffiliates)),
  handler: async ({ input, req }) => {
    const { source, ...rest } = input;
    const sources = affiliateSources(source);
    return { ...(await sources.list("subAffiliates", rest as ListInput, req.signal)), freshness: sources.freshness(), warnings: sources.warnings() };
  },
});
