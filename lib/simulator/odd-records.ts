/**
 * The `oddRecords` data mode (POST /__sim/faults `{"oddRecords": {}}`): answers of the three
 * affiliate lists carry records the interface allows but the dashboard cannot use, the way a
 * real exchange sometimes does (issue 11, point 2). From the record at index `at` (default 7,
 * the 8th of the page) on:
 *
 *   at     an identifier the interface types as String that is not digits — a spreadsheet
 *          formula, `=HYPERLINK("http://x.invalid","x")` (a usable record: String is any string)
 *   at+1   an amount that is not a decimal (`12,5 USDT`)
 *   at+2   a time or date that is not one (`yesterday`)
 *
 * Pages with fewer records get as many of these as fit. Everything else is left as it was.
 */
import { parse, stringify } from "lossless-json";

export const ODD_TEXT_ID = '=HYPERLINK("http://x.invalid","x")';
export const ODD_DECIMAL = "12,5 USDT";
export const ODD_TIME = "yesterday";

/** Per endpoint: the list field, and the three fields changed (String id, decimal, time). */
const TARGETS: Record<string, { list: string; id: string; decimal?: string; time: string }> = {
  subAffiliates: { list: "records", id: "subAffiliateUid", decimal: "tradingVolume", time: "date" },
  invitees: { list: "channelUserInfoItemList", id: "uid", time: "registerTime" },
  withdrawals: { list: "items", id: "withdrawId", decimal: "amount", time: "createTime" },
};

export interface OddRecords {
  at?: number;
}

export function withOddRecords(endpointKey: string, body: string, mode: OddRecords): string {
  const target = TARGETS[endpointKey];
  if (!target) return body;
  let doc: unknown;
  try {
    doc = parse(body);
  } catch {
    return body;
  }
  const list = (doc as Record<string, unknown> | null)?.[target.list];
  if (!Array.isArray(list)) return body;
  const at = mode.at ?? 7;
  const set = (i: number, field: string | undefined, value: string) => {
    if (field && i < list.length && typeof list[i] === "object" && list[i] !== null) (list[i] as Record<string, unknown>)[field] = value;
  };
  set(at, target.id, ODD_TEXT_ID);
  // Invitees have no amount: their second odd record has a bad time instead.
  if (target.decimal) set(at + 1, target.decimal, ODD_DECIMAL);
  else set(at + 1, "firstDeposit", ODD_TIME);
  set(at + 2, target.time, ODD_TIME);
  return stringify(doc) ?? body;
}
