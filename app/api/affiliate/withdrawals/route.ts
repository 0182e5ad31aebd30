import { affiliateList } from "../affiliate-route";

/** Internal transfers (getInternalWithdrawalStatus): the past month, pageSize ≤ 200. */
export const GET = affiliateList("/api/affiliate/withdrawals", "withdrawals");
