import { QUERIES } from "@/lib/contract/queries";
import { listHandler } from "@/lib/server/archive";
import { route } from "@/lib/server/route";

/** Internal transfers (getInternalWithdrawalStatus), one page: the past month, pageSize ≤ 200. */
export const GET = route({ role: "viewer", query: QUERIES["/api/affiliate/withdrawals"], handler: listHandler("withdrawals") });
