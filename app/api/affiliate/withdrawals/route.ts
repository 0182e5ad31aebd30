import type { ListInput } from "@/lib/archive/sources";
import { affiliateRead } from "../affiliate-route";

/** Internal transfers (getInternalWithdrawalStatus): the past month, pageSize ≤ 200. */
export const GET = affiliateRead("/api/affiliate/withdrawals", (sources, filter, signal) => sources.list("withdrawals", filter as ListInput, signal));
