import { ENDPOINTS, requestSchema } from "@/lib/weex/endpoints";
import { withInviteeExtras } from "@/lib/affiliate/cohort-queries";
import { hasExtraFilter, type InviteeExtraFilter } from "@/lib/affiliate/cohorts";
import type { InviteeFilter } from "@/lib/affiliate/pages";
import { affiliateSources } from "@/lib/affiliate/server";
import { filteredInviteePage } from "@/lib/archive/cohorts-query";
import { archiveListQuery, withSource } from "@/lib/archive/query";
import type { ListInput } from "@/lib/archive/sources";
import { route } from "@/lib/server/route";

/**
 * Invited users (getAffiliateUIDs), one page in the dashboard's list shape. With `stage`,
 * `activity` or `inviteCode` (which WEEX cannot filter by) the page is cut from the filtered
 * records: in SQL for the archive's part, record by record for a live part.
 */
export const GET = route({
  role: "viewer",
  query: withSource(withInviteeExtras(requestSchema(ENDPOINTS.invitees)), withInviteeExtras(archiveListQuery.invitees)),
  handler: async ({ input, req }) => {
    const { source, ...rest } = input;
    const sources = affiliateSources(source);
    const page = hasExtraFilter(rest as InviteeExtraFilter)
      ? await filteredInviteePage(sources, rest as InviteeFilter & InviteeExtraFilter & ListInput, Date.now(), req.signal)
      : await sources.list("invitees", rest as ListInput, req.signal);
    return { ...page, freshness: sources.freshness(), warnings: sources.warnings() };
  },
});
