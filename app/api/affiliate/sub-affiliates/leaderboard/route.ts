import { affiliateRead } from "../../affiliate-route";

/** GET /api/affiliate/sub-affiliates/leaderboard — the top sub-affiliates by commission or volume. */
export const GET = affiliateRead("/api/affiliate/sub-affiliates/leaderboard", (sources, { by, limit, ...filter }, signal) => sources.leaderboard(filter, { by, limit }, signal));
