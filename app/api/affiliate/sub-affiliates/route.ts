import { affiliateList } from "../affiliate-route";

/** Sub-affiliate daily records (querySubChannelTransactions), one page; page maps to pageNum. */
export const GET = affiliateList("/api/affiliate/sub-affiliates", "subAffiliates");
