import { inviteCodes } from "@/lib/archive/cohorts-query";
import { affiliateRead } from "../../affiliate-route";

/** GET /api/affiliate/invitees/codes — per invite code, the funnel of the users registered in the range. */
export const GET = affiliateRead("/api/affiliate/invitees/codes", (sources, range, signal) => inviteCodes(sources, range, signal), { partners: "invitees" });
