/** GET /api/affiliate/withdrawals/export — internal transfers of the filter (past month) as a CSV file. */
import { QUERIES } from "@/lib/contract/queries";
import { affiliateSources } from "@/lib/affiliate/server";
import { transfersFilename, WITHDRAWAL_COLUMNS } from "@/lib/export/datasets";
import { exportResponse } from "@/lib/export/server";
import { withFreshnessHeaders } from "@/lib/archive/freshness";
import { route } from "@/lib/server/route";

export const GET = route({
  role: "viewer",
  query: QUERIES["/api/affiliate/withdrawals/export"],
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
