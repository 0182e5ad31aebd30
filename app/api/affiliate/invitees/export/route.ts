import { INVITEE_COLUMNS, inviteesFilename } from "@/lib/export/datasets";
import { affiliateExport } from "../../affiliate-route";

/** GET /api/affiliate/invitees/export — invited users of a range up to a year as a CSV file. */
export const GET = affiliateExport("/api/affiliate/invitees/export", {
  filename: inviteesFilename,
  columns: INVITEE_COLUMNS,
  records: (sources, filter, signal) => sources.invitees.records(filter, signal),
});
