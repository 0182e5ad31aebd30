import type { ListInput } from "@/lib/archive/sources";
import { affiliateRead } from "../affiliate-route";

/** Sub-affiliate daily records (querySubChannelTransactions), one page; page maps to pageNum. */
export const GET = affiliateRead("/api/affiliate/sub-affiliates", (sources, filter, signal) => sources.list("subAffiliates", filter as ListInput, signal));
