import { utcDate } from "@/lib/export/datasets";

import { ApiError } from "@/lib/server/http/errors";
import { route } from "@/lib/server/http/route";
import { isWeexError } from "@/lib/weex/errors";
import { getWeex } from "@/lib/server/services/weex";
import { DAY_MS } from "@/lib/time/calendar";

/** WEEX's answer to getAssert for a uid that is not a direct invitee (lib/simulator/handlers/rebate.ts). */
const NOT_AN_INVITEE = "-1140";

/**
 * GET /api/affiliate/invitees/{uid}/assets — WEEX's snapshot of a direct invitee's accounts
 * now (getAssert, live on demand: never archived, a snapshot is only true when read) and its
 * deposits within the UTC days of `startTime`..`endTime` (default: the 7 days ending today).
 * A uid that is not a direct invitee (WEEX answers -1140) is a 404. A partner may
 * read the assets of their invite codes' invitees only: any other {uid} is a 403 naming `uid`,
 * before WEEX is asked (the wrapper's check, lib/server/identity/partner-access.ts).
 */
export const GET = route("GET /api/affiliate/invitees/[uid]/assets", {
  partners: "invitees",
  handler: async ({ params: { uid }, input, req }) => {
    const now = Date.now();
    const endDate = utcDate(Math.min(input.endTime ?? now, now));
    const startDate = utcDate(input.startTime ?? Date.parse(endDate) - 6 * DAY_MS);
    const assets = await getWeex()
      .call("memberAssets", { userId: uid, startTime: startDate, endTime: endDate }, { signal: req.signal })
      .catch((e: unknown) => {
        if (isWeexError(e) && e.upstream?.code === NOT_AN_INVITEE) throw new ApiError("not_found", `${uid} is not one of your direct invitees (WEEX: ${e.upstream.msg ?? NOT_AN_INVITEE}).`);
        throw e;
      });
    return { uid, startDate, endDate, ...assets, freshness: { source: "live" as const, syncedAt: null } };
  },
});
