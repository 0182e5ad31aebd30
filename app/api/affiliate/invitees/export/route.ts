/** GET /api/affiliate/invitees/export — invited users of a range up to a year as a CSV file, with the list's filters. */
import { withInviteeExtras } from "@/lib/affiliate/cohort-queries";
import { hasExtraFilter, type InviteeExtraFilter } from "@/lib/affiliate/cohorts";
import { inviteesExportQuery } from "@/lib/affiliate/queries";
import { affiliateSources } from "@/lib/affiliate/server";
import { INVITEE_COLUMNS, inviteesFilename } from "@/lib/export/datasets";
import { exportResponse } from "@/lib/export/server";
import { withFreshnessHeaders } from "@/lib/archive/freshness";
import { filteredInvitees } from "@/lib/archive/cohorts-query";
import { archiveInviteesExportQuery, withSource } from "@/lib/archive/query";
import { route } from "@/lib/server/route";

export const GET = route({
  role: "viewer",
  query: withSource(withInviteeExtras(inviteesExportQuery), withInviteeExtras(archiveInviteesExportQuery)),
  handler: async ({ input, req }) => {
    const { source, stage, activity, activeDays, inviteCode, ...filter } = input as typeof input & InviteeExtraFilter;
    const extra = { stage, activity, activeDays, inviteCode };
    const sources = affiliateSources(source);
    const now = Date.now();
    const records = (signal: AbortSignal) => sources.invitees.records(filter, signal);
    const res = await exportResponse(req, {
      filename: inviteesFilename({ ...filter, ...extra }),
      columns: INVITEE_COLUMNS,
      // every record WEEX sent for the filter, the unusable ones too (values as received)
      rows: (signal) => sources.withRejected(hasExtraFilter(extra) ? filteredInvitees(records(signal), extra, now) : records(signal)),
    });
    return withFreshnessHeaders(res, sources.freshness());
  },
});
