import { subAffiliateWindow } from "@/lib/contract/params";
import { affiliateRead } from "../../affiliate-route";

/** GET /api/affiliate/sub-affiliates/leaderboard — the top sub-affiliates by commission or volume, over a bounded window (an open end chosen: `window`). */
export const GET = affiliateRead("/api/affiliate/sub-affiliates/leaderboard", (sources, { by, limit, ...filter }, signal) => sources.leaderboard(filter, { by, limit }, signal), {
  partners: "subAffiliates",
  window: subAffiliateWindow,
});
