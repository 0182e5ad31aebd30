import { subAffiliateWindow } from "@/lib/contract/params";
import { SUB_AFFILIATE_COLUMNS, subAffiliatesFilename } from "@/lib/export/datasets";
import { affiliateExport } from "../../affiliate-route";

/** GET /api/affiliate/sub-affiliates/export — every record of the filter as a CSV file (dashboard-api.md), over a bounded window (an open end chosen: X-Data-Window-* headers). */
export const GET = affiliateExport("/api/affiliate/sub-affiliates/export", {
  filename: subAffiliatesFilename,
  columns: SUB_AFFILIATE_COLUMNS,
  records: (sources, filter, signal) => sources.subAffiliates.records(filter, signal),
  window: subAffiliateWindow,
  partners: "subAffiliates",
});
