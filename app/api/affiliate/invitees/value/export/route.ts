import { inviteeValueBatches } from "@/lib/archive/value-export";
import { INVITEE_VALUE_COLUMNS, inviteeValueFilename } from "@/lib/export/datasets";
import { affiliateExport } from "../../../affiliate-route";

/** GET /api/affiliate/invitees/value/export — every row of the value list's filter, in its order, as a CSV file. */
export const GET = affiliateExport("/api/affiliate/invitees/value/export", {
  filename: inviteeValueFilename,
  columns: INVITEE_VALUE_COLUMNS,
  partners: "invitees",
  // the list's one statement, read through a cursor a batch at a time: the file's memory is one batch
  records: (sources, q, signal) => inviteeValueBatches(sources, q, signal),
});
