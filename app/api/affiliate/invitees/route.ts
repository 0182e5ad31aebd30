import { affiliateList } from "../affiliate-route";

/** Invited users (getAffiliateUIDs), one page in the dashboard's list shape. */
export const GET = affiliateList("/api/affiliate/invitees", "invitees");
