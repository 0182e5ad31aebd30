/**
 * The `oddRecords` data mode (POST /__sim/faults `{"oddRecords": {}}`): answers of the three
 * affiliate lists carry records the interface allows but the dashboard cannot use, the way a
 * real exchange sometimes does. From the record at index `at` (default 7,
 * the 8th of the page) on:
 *
 *   at     an identifier the interface types as String that is not digits — a spreadsheet
 *          formula, `=HYPERLINK("http://x.invalid","x")` (a usable record: String is any string)
 *   at+1   an amount that is not a decimal (`12,5 USDT`)
 *   at+2   a time or date that is not one (`yesterday`)
 *
 * Pages with fewer records get as many of these as fit. Everything else is left as it was.
 *
 * The rebate reads (weex-facts.md, last section) answer in every shape WEEX's sources
 * disagree on — all of them valid, the client must read each — plus one record it cannot use:
 *
 *   all five         the V2 envelope {"code":"200","msg":"success","data": <the V3 answer>}
 *   commissions      at: the time as `dealTime`, a String, instead of `date`;
 *                    at+1: `uid` and `date` as Strings, no `productType` (the request's applies);
 *                    at+2: `commission` "--" (unknown); at+3: `fee` not a decimal (unusable)
 *   inviteeTotals    at: `uid` as a JSON number; at+1: `withdrawalAmount` "--";
 *                    at+2: `depositAmount` not a decimal (unusable)
 *   memberDeals      at: `userId` as a String; at+1: `futuresProDealAmountUsdt` "--";
 *                    at+2: `spotDealAmountUsdt` not a decimal (unusable)
 *   verifyReferrals  every `uid` as a String
 *   memberAssets     `availableBalance` "--", `fundingTotalUsdt` left out (both unknown)
 */
import { LosslessNumber, parse, stringify } from "lossless-json";
import { UNKNOWN_AMOUNT as UNKNOWN } from "../weex/wire";

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
  const rebate = REBATE[endpointKey];
  const target = TARGETS[endpointKey];
  if (!target && !rebate) return body;
  let doc: unknown;
  try {
    doc = parse(body);
  } catch {
    return body;
  }
  if (rebate) {
    rebate(doc, mode.at ?? 7);
    return stringify({ code: "200", msg: "success", data: doc }) ?? body;
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

type Doc = Record<string, unknown>;

/** Field `i` of a list, when there is one. */
function item(list: unknown, i: number): Doc | undefined {
  const x = Array.isArray(list) ? (list[i] as unknown) : undefined;
  return typeof x === "object" && x !== null ? (x as Doc) : undefined;
}

/**
 * The rebate lists' shapes (see the top of this file): per endpoint, the list field and the
 * change made to its record at `at`, `at`+1, … (a page with fewer records gets those that fit).
 */
const REBATE_LISTS: Record<string, { list: string; changes: Array<(r: Doc) => void> }> = {
  commissions: {
    list: "channelCommissionInfoItems",
    changes: [
      (r) => {
        r.dealTime = String(r.date);
        delete r.date;
      },
      (r) => {
        r.uid = String(r.uid);
        r.date = String(r.date);
        delete r.productType;
      },
      (r) => (r.commission = UNKNOWN),
      (r) => (r.fee = ODD_DECIMAL),
    ],
  },
  inviteeTotals: {
    list: "records",
    changes: [(r) => (r.uid = new LosslessNumber(String(r.uid))), (r) => (r.withdrawalAmount = UNKNOWN), (r) => (r.depositAmount = ODD_DECIMAL)],
  },
  memberDeals: {
    list: "data",
    changes: [(r) => (r.userId = String(r.userId)), (r) => (r.futuresProDealAmountUsdt = UNKNOWN), (r) => (r.spotDealAmountUsdt = ODD_DECIMAL)],
  },
};

/** A rebate list's odd records, changed in place from the record at `at` on. */
function oddList(key: string) {
  const { list, changes } = REBATE_LISTS[key];
  return (doc: unknown, at: number) =>
    changes.forEach((change, k) => {
      const r = item((doc as Doc)[list], at + k);
      if (r) change(r);
    });
}

/** The rebate reads' shapes (see the top of this file), applied in place before the envelope. */
const REBATE: Record<string, (doc: unknown, at: number) => void> = {
  commissions: oddList("commissions"),
  inviteeTotals: oddList("inviteeTotals"),
  memberDeals: oddList("memberDeals"),
  verifyReferrals(doc) {
    for (const x of doc as Doc[]) x.uid = String(x.uid);
  },
  memberAssets(doc) {
    const d = doc as Doc;
    d.availableBalance = UNKNOWN;
    delete d.fundingTotalUsdt;
  },
};
