/** GET /api/affiliate/sub-affiliates/export — every record of the filter as a CSV file (dashboard-api.md). */
import { subAffiliatesExportQuery } from "@/lib/affiliate/queries";
import { affiliateSources } from "@/lib/server/archive";
import { SUB_AFFILIATE_COLUMNS, subAffiliatesFilename } from "@/lib/export/datasets";
import { exportResponse } from "@/lib/export/server";
import { withFreshnessHeaders } from "@/lib/archive/freshness";
import { withSource } from "@/lib/archive/query";
import { route } from "@/lib/server/route";

export const GET = route({
  role: "viewer",
  query: withSource(subAffiliatesExportQuery),
  handler: async ({ input, req }) => {
    const { source, ...filter } = input;
    const sources = affiliateSources(source);
    const res = await exportResponse(req, {
      filename: subAffiliatesFilename(filter),
      columns: SUB_AFFILIATE_COLUMNS,
      // every record WEEX sent, the unusable ones too (values as received)
      rows: (signal) => sources.withRejected(sources.subAffiliates.records(filter, signal)),
    });
    return withFreshnessHeaders(res, sources.freshness());
  },
});
