import { hasExtraFilter, withoutExtras } from "@/lib/affiliate/cohorts";
import { filteredInviteePage } from "@/lib/archive/cohorts-query";
import type { ListInput } from "@/lib/archive/sources";
import { affiliateRead } from "../affiliate-route";

/**
 * Invited users (getAffiliateUIDs), one page in the dashboard's list shape. With `stage`,
 * `activity` or `inviteCode` (which WEEX cannot filter by) the page is cut from the filtered
 * records: in SQL for the archive's part, record by record for a live part.
 */
export const GET = affiliateRead("/api/affiliate/invitees", (sources, filter, signal) =>
  hasExtraFilter(filter) ? filteredInviteePage(sources, filter, Date.now(), signal) : sources.list("invitees", withoutExtras(filter) as ListInput, signal),
);
