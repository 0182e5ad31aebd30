import { subAffiliateWindow } from "@/lib/contract/params";
import { affiliateRead } from "../../affiliate-route";

/** GET /api/affiliate/sub-affiliates/series — daily records summed per bucket and product type, over a bounded window (an open end chosen: `window`). */
export const GET = affiliateRead("/api/affiliate/sub-affiliates/series", (sources, { granularity, tz, ...filter }, signal) => sources.series(filter, granularity, tz, signal), {
  partners: "subAffiliates",
  window: subAffiliateWindow,
});
