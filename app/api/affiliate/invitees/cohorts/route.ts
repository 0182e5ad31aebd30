import { cohorts } from "@/lib/archive/cohorts-query";
import { affiliateRead } from "../../affiliate-route";

/** GET /api/affiliate/invitees/cohorts — registration cohorts (week/month in a zone) and how they convert. */
export const GET = affiliateRead("/api/affiliate/invitees/cohorts", (sources, q, signal) => cohorts(sources, q, Date.now(), signal), { partners: "invitees" });
