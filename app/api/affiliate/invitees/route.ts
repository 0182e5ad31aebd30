import type { ListInput } from "@/lib/archive/sources";
import { affiliateRead } from "../affiliate-route";

/** Invited users (getAffiliateUIDs), one page in the dashboard's list shape. */
export const GET = affiliateRead("/api/affiliate/invitees", (sources, filter, signal) => sources.list("invitees", filter as ListInput, signal));
