import { inviteeValue } from "@/lib/archive/value-query";
import { INVITEE_VALUE_COLUMNS, inviteeValueFilename } from "@/lib/export/datasets";
import { affiliateExport } from "../../../affiliate-route";

/** GET /api/affiliate/invitees/value/export — every row of the value list's filter, in its order, as a CSV file. */
export const GET = affiliateExport("/api/affiliate/invitees/value/export", {
  filename: inviteeValueFilename,
  columns: INVITEE_VALUE_COLUMNS,
  partners: "invitees",
  records: async function* (sources, q, signal) {
    // one statement sorts and sums every row (the list's own): handed on in batches
    const { items } = await inviteeValue(sources, q, "all", signal);
    for (let i = 0; i < items.length; i += 1000) yield items.slice(i, i + 1000);
  },
});
