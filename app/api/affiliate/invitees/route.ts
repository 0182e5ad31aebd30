import { hasExtraFilter } from "@/lib/affiliate/cohorts";
import { filteredInviteePage } from "@/lib/archive/cohorts-query";
import { affiliateSources, listAnswer } from "@/lib/server/services/archive";
import { route } from "@/lib/server/http/route";

/**
 * Invited users (getAffiliateUIDs), one page in the dashboard's list shape. With `stage`,
 * `activity` or `inviteCode` (which WEEX cannot filter by) the page is cut from the filtered
 * records: in SQL for the archive's part, record by record for a live part.
 */
export const GET = route("GET /api/affiliate/invitees", {
  partners: "invitees",
  handler: async ({ input: { source, stage, activity, activeDays, inviteCode, ...filter }, scope, req }) => {
    const sources = affiliateSources(source, scope);
    const extras = { stage, activity, activeDays, inviteCode };
    const page = hasExtraFilter(extras) ? filteredInviteePage(sources, { ...filter, ...extras }, Date.now(), req.signal) : sources.list("invitees", filter, req.signal);
    return listAnswer(sources, await page);
  },
});
