import { QUERIES, PATH_PARAMS } from "@/lib/contract/queries";
import type { InviteeAssets } from "@/lib/contract/responses";
import { utcDate } from "@/lib/export/datasets";
import { DAY_MS } from "@/lib/weex/endpoints";
import { route } from "@/lib/server/route";
import { getWeex } from "@/lib/server/weex";

/**
 * GET /api/affiliate/invitees/{uid}/assets — WEEX's snapshot of a direct invitee's accounts
 * now (getAssert, live on demand: never archived, a snapshot is only true when read) and its
 * deposits within the UTC days of `startTime`..`endTime` (default: the 7 days ending today).
 * A uid that is not a direct invitee is refused by WEEX and answered as its error says.
 */
export const GET = route({
  role: "viewer",
  params: PATH_PARAMS["/api/affiliate/invitees/[uid]/assets"],
  query: QUERIES["/api/affiliate/invitees/[uid]/assets"],
  handler: async ({ params: { uid }, input, req }): Promise<InviteeAssets> => {
    const now = Date.now();
    const endDate = utcDate(Math.min(input.endTime ?? now, now));
    const startDate = utcDate(input.startTime ?? Date.parse(endDate) - 6 * DAY_MS);
    const assets = await getWeex().call("memberAssets", { userId: uid, startTime: startDate, endTime: endDate }, { signal: req.signal });
    return { uid, startDate, endDate, ...assets, freshness: { source: "live", syncedAt: null } };
  },
});
