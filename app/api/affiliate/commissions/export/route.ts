import { COMMISSION_COLUMNS, commissionsFilename } from "@/lib/export/datasets";
import { affiliateExport } from "../../affiliate-route";

/** GET /api/affiliate/commissions/export — every commission record of the filter as a CSV file (values as received). */
export const GET = affiliateExport("/api/affiliate/commissions/export", {
  filename: commissionsFilename,
  columns: COMMISSION_COLUMNS,
  // (a partner's: the records of their invite codes' invitees only)
  partners: "invitees",
  records: (sources, filter, signal) => sources.records("commissions", filter, signal),
});
