import { transfersFilename, WITHDRAWAL_COLUMNS } from "@/lib/export/datasets";
import { affiliateExport } from "../../affiliate-route";

/** GET /api/affiliate/withdrawals/export — internal transfers of the filter (past month) as a CSV file. */
export const GET = affiliateExport("/api/affiliate/withdrawals/export", {
  filename: transfersFilename,
  columns: WITHDRAWAL_COLUMNS,
  // (transfers are the affiliate's own)
  partners: "denied",
  records: (sources, filter, signal) => sources.withdrawals.records(filter, signal),
});
