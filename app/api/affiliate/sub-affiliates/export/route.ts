import { SUB_AFFILIATE_COLUMNS, subAffiliatesFilename } from "@/lib/export/datasets";
import { affiliateExport } from "../../affiliate-route";

/** GET /api/affiliate/sub-affiliates/export — every record of the filter as a CSV file (dashboard-api.md). */
export const GET = affiliateExport("/api/affiliate/sub-affiliates/export", {
  filename: subAffiliatesFilename,
  columns: SUB_AFFILIATE_COLUMNS,
  records: (sources, filter, signal) => sources.subAffiliates.records(filter, signal),
});
