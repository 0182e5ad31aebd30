/** GET /api/affiliate/withdrawals/export — internal transfers of the filter (past month) as a CSV file. */
import { withdrawalsExportQuery } from "@/lib/affiliate/queries";
import { affiliateSources } from "@/lib/server/archive";
import { transfersFilename, WITHDRAWAL_COLUMNS } from "@/lib/export/datasets";
import { exportResponse } from "@/lib/export/server";
import { withFreshnessHeaders } from "@/lib/archive/freshness";
import { archiveWithdrawalsExportQuery, withSource } from "@/lib/archive/query";
import { route } from "@/lib/server/route";

export const GET = route({
  role: "viewer",
  query: withSource(withdrawalsExportQuery, archiveWithdrawalsExportQuery),
  handler: async ({ input, req }) => {
    const { source, ...filter } = input;
    const sources = affiliateSources(source);
    const res = await exportResponse(req, {
      filename: transfersFilename(filter),
      columns: WITHDRAWAL_COLUMNS,
      // every record WEEX sent, the unusable ones too (values as received)
      rows: (signal) => sources.withRejected(sources.withdrawals.records(filter, signal)),
    });
    return withFreshnessHeaders(res, sources.freshness());
  },
});
