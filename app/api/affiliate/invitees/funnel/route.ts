import { affiliateRead } from "../../affiliate-route";

/** GET /api/affiliate/invitees/funnel — of the users registered in the range: KYC, first deposit, first trade. */
export const GET = affiliateRead("/api/affiliate/invitees/funnel", (sources, range, signal) => sources.funnel(range, signal), { partners: "invitees" });
