import { hasExtraFilter, withoutExtras } from "@/lib/affiliate/cohorts";
import { filteredInvitees } from "@/lib/archive/cohorts-query";
import { INVITEE_COLUMNS, inviteesFilename } from "@/lib/export/datasets";
import { affiliateExport } from "../../affiliate-route";

/**
 * GET /api/affiliate/invitees/export — invited users of a range up to a year as a CSV file,
 * with the list's filters (stage, activity, inviteCode applied here: WEEX cannot filter by them).
 */
export const GET = affiliateExport("/api/affiliate/invitees/export", {
  filename: inviteesFilename,
  columns: INVITEE_COLUMNS,
  partners: "invitees",
  records: (sources, filter, signal) => {
    const records = sources.invitees.records(withoutExtras(filter), signal);
    return hasExtraFilter(filter) ? filteredInvitees(records, filter, Date.now()) : records;
  },
});
