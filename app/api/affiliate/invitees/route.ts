import { ENDPOINTS, requestSchema } from "@/lib/weex/endpoints";
import { affiliateSources } from "@/lib/server/archive";
import { archiveListQuery, withSource } from "@/lib/archive/query";
import type { ListInput } from "@/lib/archive/sources";
import { route } from "@/lib/server/route";

/** Invited users (getAffiliateUIDs), one page in the dashboard's list shape. */
export const GET = route({
  role: "viewer",
  query: withSource(requestSchema(ENDPOINTS.invitees), archiveListQuery.invitees),
  handler: async ({ input, req }) => {
    const { source, ...rest } = input;
    const sources = affiliateSources(source);
    return { ...(await sources.list("invitees", rest as ListInput, req.signal)), freshness: sources.freshness(), warnings: sources.warnings() };
  },
});
