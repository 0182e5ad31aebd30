import { inviteeValue } from "@/lib/archive/value";
import { affiliateRead } from "../../affiliate-route";

/**
 * GET /api/affiliate/invitees/value — one row per direct invitee for a range, most valuable
 * first, with the totals of every row of the filter (docs/invitee-value.md).
 */
export const GET = affiliateRead("/api/affiliate/invitees/value", (sources, { page, pageSize, ...q }, signal) => inviteeValue(sources, q, { page, pageSize }, signal), {
  partners: "invitees",
});
