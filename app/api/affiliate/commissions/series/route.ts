import { commissionSeries } from "@/lib/archive/commission-series";
import { affiliateRead } from "../../affiliate-route";

/**
 * GET /api/affiliate/commissions/series — commission per bucket in `tz`, coin, product type and
 * source type (direct clients against sub-agents), with the range's totals.
 */
export const GET = affiliateRead("/api/affiliate/commissions/series", (sources, q, signal) => commissionSeries(sources, q, signal), {
  // a partner: the records of their invite codes' invitees only (lib/archive/scope-invitees.ts)
  partners: "invitees",
});
