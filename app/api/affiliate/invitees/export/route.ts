/** GET /api/affiliate/invitees/export — invited users of a range up to a year as a CSV file. */
import { inviteesExportQuery } from "@/lib/affiliate/queries";
import { affiliateSources } from "@/lib/server/archive";
import { INVITEE_COLUMNS, inviteesFilename } from "@/lib/export/datasets";
import { exportResponse } from "@/lib/export/server";
import { withFreshnessHeaders } from "@/lib/archive/freshness";
import { archiveInviteesExportQuery, withSource } from "@/lib/archive/query";
import { route } from "@/lib/server/route";

export const GET = route({
  role: "viewer",
  query: withSource(inviteesExportQuery, archiveInviteesExportQuery),
  handler: async ({ input, req }) => {
    const { source, ...filter } = input;
    const sources = affiliateSources(source);
    const res = await exportResponse(req, {
      filename: inviteesFilename(filter),
      columns: INVITEE_COLUMNS,
      // every record WEEX sent, the unusable ones too (values as received)
      rows: (signal) => sources.withRejected(sources.invitees.records(filter, signal)),
    });
    return withFreshnessHeaders(res, sources.freshness());
  },
});
