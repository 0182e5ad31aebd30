/** What the internal-transfers page asks the API: one page of its filter, and the same filter for the export. */
import type { PageRequest } from "@/components/ui/use-url-paging";
import type { AccountType } from "@/lib/contract/params";
import type { QueryInput } from "@/lib/contract/queries";
import { routeQuery } from "@/lib/ui/api";

export interface TransfersFilter {
  withdrawID: string | null;
  coin: string | null;
  startTime?: number;
  endTime?: number;
  fromAccountType: AccountType | null;
  toAccountType: AccountType | null;
}

/** The filter under the API's names (the export route takes exactly these). */
export function transfersFilterParams(f: TransfersFilter): QueryInput<"/api/affiliate/withdrawals/export"> {
  return {
    withdrawID: f.withdrawID ?? undefined,
    coin: f.coin ?? undefined,
    startTime: f.startTime,
    endTime: f.endTime,
    fromAccountType: f.fromAccountType ?? undefined,
    toAccountType: f.toAccountType ?? undefined,
  };
}

export function transfersQuery(f: TransfersFilter, paging: PageRequest) {
  return routeQuery("/api/affiliate/withdrawals", { ...transfersFilterParams(f), page: paging.page, pageSize: paging.pageSize });
}
