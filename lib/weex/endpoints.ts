/**
 * The WEEX interface as one declarative table: one entry per endpoint of the interface
 * document (shared/seeds/000_…txt) plus the facts in shared/spec/weex-facts.md, and the five
 * rebate reads that page adds (its last section: invitee totals, commission records,
 * verifyReferrals, getAssert, getDealData).
 *
 * The client (signing, budget, parsing), the simulator (routing, weights, validation), the
 * route handlers (input validation) and the budget all read this table. An endpoint rule
 * written anywhere else is a bug.
 *
 * `params` describes the request in the dashboard's terms (paging as `page`/`pageSize`) with
 * keys in wire order (requests.ts); `paging` says what the upstream calls them, in the request
 * and in the answer (paging.ts). `response` parses the upstream body after lossless JSON
 * parsing and envelope unwrapping (answers.ts); a list's records are parsed one by one
 * (`items`, records.ts). An entry's shape is `EndpointDef` (endpoint-def.ts).
 */
import { z } from "zod";
import { CONTRACT_ORDER_CAP, ID_LIST_LIMITS, PAGE_LIMITS, WINDOWS, type TimeWindow } from "./limits";
import type { RejectedRecord } from "./record-problems";
import {
  coinDefinition,
  commissionRecord,
  dealRecord,
  inviteeRecord,
  inviteeTotalsRecord,
  memberAssets,
  referralRecord,
  spotOrderRecord,
  subAffiliateRecord,
  withdrawalRecord,
  type DealRecord,
} from "./records";
import {
  allOrdersParams,
  commissionsParams,
  exchangeInfoParams,
  inviteesParams,
  inviteeTotalsParams,
  memberAssetsParams,
  memberDealsParams,
  modifyTpSlParams,
  placeOrderParams,
  placeTpSlParams,
  spotOrderParams,
  subAffiliatesParams,
  verifyReferralsParams,
  withdrawalsParams,
} from "./requests";
import {
  commissionsResult,
  exchangeInfoResult,
  inviteesResult,
  inviteeTotalsResult,
  memberDealsResult,
  modifyTpSlResult,
  placeOrderResult,
  placeTpSlResult,
  subAffiliatesResult,
  withdrawalsResult,
} from "./answers";
import { endpoint, type EndpointDef } from "./endpoint-def";
import { usualPaging, weexPage, type WeexPage } from "./paging";

// WEEX rules that pages need too live in limits.ts (no zod there, so client bundles stay small).
export { CONTRACT_ORDER_CAP, ID_LIST_LIMITS, PAGE_LIMITS, WINDOWS, type TimeWindow };

/** A placement: the order placed, or not, under the client order id the person chose. */
const ORDER_PLACEMENT = {
  notDone: "The order was not placed",
  maybeDone: (input: { newClientOrderId?: string; clientOrderId?: string }) =>
    `The order may have been placed: check the orders for client order id "${String(input.newClientOrderId ?? input.clientOrderId)}" before resending, and resend with the same client order id.`,
};

export const ENDPOINTS = {
  placeOrder: endpoint({
    key: "placeOrder",
    doc: 1,
    method: "POST",
    side: "contract",
    path: "/capi/v3/order",
    ipWeight: 2,
    uidWeight: 5,
    access: "trade",
    fields: placeOrderParams,
    rule(p, ctx) {
      if (p.type === "LIMIT") {
        if (!p.timeInForce) ctx.addIssue({ code: "custom", path: ["timeInForce"], message: "is required for a LIMIT order" });
        if (!p.price) ctx.addIssue({ code: "custom", path: ["price"], message: "is required for a LIMIT order" });
      }
    },
    response: placeOrderResult,
    failure: (r) => (r.success ? null : { code: r.errorCode, msg: r.errorMessage }),
    placesOrder: { ...ORDER_PLACEMENT, orderId: (_p, r) => r?.orderId ?? null },
    orderCap: true,
  }),
  exchangeInfo: endpoint({
    key: "exchangeInfo",
    doc: 2,
    method: "GET",
    side: "spot",
    path: "/api/v3/exchangeInfo",
    ipWeight: 20,
    uidWeight: 0,
    access: "public",
    fields: exchangeInfoParams,
    rule(p, ctx) {
      if (p.symbol !== undefined && p.symbols !== undefined) {
        ctx.addIssue({ code: "custom", path: ["symbols"], message: "cannot be combined with symbol" });
      }
    },
    response: exchangeInfoResult,
  }),
  withdrawals: endpoint({
    key: "withdrawals",
    doc: 3,
    method: "GET",
    side: "spot",
    path: "/api/v3/rebate/affiliate/getInternalWithdrawalStatus",
    ipWeight: 100,
    uidWeight: 100,
    access: "signed",
    fields: withdrawalsParams,
    window: WINDOWS.withdrawals,
    paging: {
      ...usualPaging(PAGE_LIMITS.withdrawals),
      answer: { page: "page", pageSize: "pageSize", total: "total", pages: "pages", hasNextPage: "hasNextPage" },
    },
    response: withdrawalsResult,
    items: { field: "items", record: withdrawalRecord },
    report: "internal transfers",
  }),
  subAffiliates: endpoint({
    key: "subAffiliates",
    doc: 4,
    method: "POST",
    side: "spot",
    path: "/api/v3/rebate/affiliate/querySubChannelTransactions",
    ipWeight: 10,
    uidWeight: 10,
    access: "signed",
    fields: subAffiliatesParams,
    window: WINDOWS.subAffiliates,
    // No maximum is documented: 100 is the safe size (weex-facts.md).
    paging: {
      page: "pageNum",
      size: "pageSize",
      defaultSize: 100,
      maxSize: PAGE_LIMITS.subAffiliates,
      answer: { page: "current", pageSize: "size", total: "total", pages: "pages" },
    },
    jsonNumberFields: ["subUid"],
    response: subAffiliatesResult,
    items: { field: "records", record: subAffiliateRecord },
    report: "sub-affiliate records",
    // WEEX's docs and the interface say POST; ccxt's weex class says GET.
    altMethod: "GET",
  }),
  coins: endpoint({
    key: "coins",
    doc: 5,
    method: "GET",
    side: "spot",
    path: "/api/v3/coins",
    ipWeight: 5,
    uidWeight: 0,
    access: "public",
    fields: z.strictObject({}),
    response: z.array(coinDefinition),
  }),
  invitees: endpoint({
    key: "invitees",
    doc: 6,
    method: "GET",
    side: "spot",
    path: "/api/v3/rebate/affiliate/getAffiliateUIDs",
    ipWeight: 20,
    uidWeight: 20,
    access: "signed",
    fields: inviteesParams,
    window: WINDOWS.invitees,
    paging: usualPaging(PAGE_LIMITS.invitees),
    response: inviteesResult,
    // (the page number is not in the answer: the one asked for)
    items: { field: "channelUserInfoItemList", record: inviteeRecord },
    report: "invited users",
  }),
  placeTpSl: endpoint({
    key: "placeTpSl",
    doc: 7,
    method: "POST",
    side: "contract",
    path: "/capi/v2/order/placeTpSlOrder",
    ipWeight: 2,
    uidWeight: 5,
    access: "trade",
    fields: placeTpSlParams,
    response: placeTpSlResult,
    failure(r) {
      const failed = r.find((x) => !x.success || x.orderId === "0");
      return failed || r.length === 0 ? { code: "", msg: "plan order was not placed" } : null;
    },
    placesOrder: {
      ...ORDER_PLACEMENT,
      orderId(_p, r) {
        const ids = (r ?? []).map((x) => x.orderId).filter((id) => id !== "0");
        return ids.length ? ids.join(",") : null;
      },
    },
    orderCap: true,
  }),
  modifyTpSl: endpoint({
    key: "modifyTpSl",
    doc: 8,
    method: "POST",
    side: "contract",
    path: "/capi/v2/order/modifyTpSlOrder",
    ipWeight: 2,
    uidWeight: 5,
    access: "trade",
    fields: modifyTpSlParams,
    jsonNumberFields: ["orderId"],
    response: modifyTpSlResult,
    keepEnvelope: true,
    failure: (r) => (r.code === "00000" ? null : { code: r.code, msg: r.msg }),
    placesOrder: {
      notDone: "The change was not applied",
      maybeDone: (p) => `The change to plan order ${String(p.orderId)} may have been applied: check the order before sending the change again.`,
      orderId: (p) => p.orderId,
    },
  }),
  spotOrder: endpoint({
    key: "spotOrder",
    doc: 9,
    method: "GET",
    side: "spot",
    path: "/api/v3/order",
    ipWeight: 2,
    uidWeight: 2,
    access: "signed",
    fields: spotOrderParams,
    rule(p, ctx) {
      if (p.orderId === undefined && p.origClientOrderId === undefined) {
        ctx.addIssue({ code: "custom", path: ["orderId"], message: "either orderId or origClientOrderId is required" });
      }
    },
    response: spotOrderRecord,
  }),
  allOrders: endpoint({
    key: "allOrders",
    doc: 10,
    method: "GET",
    side: "spot",
    path: "/api/v3/allOrders",
    ipWeight: 10,
    uidWeight: 10,
    access: "signed",
    fields: allOrdersParams,
    window: WINDOWS.allOrders,
    // (a bare array: total and pages are unknown)
    paging: { page: "page", size: "limit", defaultSize: 100, maxSize: PAGE_LIMITS.allOrders, answer: {} },
    response: z.array(spotOrderRecord),
  }),

  // The rebate reads beyond the interface document (weex-facts.md, last section). Weights:
  // the larger figure where WEEX's tables disagree (20, not 10).
  inviteeTotals: endpoint({
    key: "inviteeTotals",
    method: "GET",
    side: "spot",
    path: "/api/v3/rebate/affiliate/getChannelUserTradeAndAsset",
    ipWeight: 20,
    uidWeight: 20,
    access: "signed",
    fields: inviteeTotalsParams,
    window: WINDOWS.inviteeTotals,
    paging: usualPaging(PAGE_LIMITS.inviteeTotals),
    response: inviteeTotalsResult,
    items: { field: "records", record: inviteeTotalsRecord },
    report: "invitee trade and asset totals",
  }),
  commissions: endpoint({
    key: "commissions",
    method: "GET",
    side: "spot",
    path: "/api/v3/rebate/affiliate/getAffiliateCommission",
    ipWeight: 20,
    uidWeight: 20,
    access: "signed",
    fields: commissionsParams,
    window: WINDOWS.commissions,
    paging: usualPaging(PAGE_LIMITS.commissions),
    response: commissionsResult,
    items: {
      field: "channelCommissionInfoItems",
      record: commissionRecord,
      implied: (input) => ({ productType: input.productType ?? "SPOT" }),
    },
    report: "commission records",
  }),
  verifyReferrals: endpoint({
    key: "verifyReferrals",
    method: "GET",
    side: "spot",
    path: "/api/v3/agency/verifyReferrals",
    ipWeight: 20,
    uidWeight: 20,
    access: "signed",
    fields: verifyReferralsParams,
    // a bare array, one entry per id asked
    response: z.array(referralRecord),
    report: "referral checks",
  }),
  memberAssets: endpoint({
    key: "memberAssets",
    method: "GET",
    side: "spot",
    // (sic: WEEX's path says "Assert")
    path: "/api/v3/agency/getAssert",
    ipWeight: 20,
    uidWeight: 20,
    access: "signed",
    fields: memberAssetsParams,
    window: WINDOWS.memberAssets,
    response: memberAssets,
    report: "invitee assets",
  }),
  memberDeals: endpoint({
    key: "memberDeals",
    method: "GET",
    side: "spot",
    path: "/api/v3/agency/getDealData",
    ipWeight: 20,
    uidWeight: 20,
    access: "signed",
    fields: memberDealsParams,
    window: WINDOWS.memberDeals,
    repeated: ["userIds"],
    response: memberDealsResult,
    items: { field: "data", record: dealRecord },
    report: "invitee deal data",
  }),
} as const;

export type EndpointKey = keyof typeof ENDPOINTS;
export type Endpoints = typeof ENDPOINTS;
export type ParamsOf<K extends EndpointKey> = z.input<Endpoints[K]["params"]>;
export type ParsedParamsOf<K extends EndpointKey> = z.output<Endpoints[K]["params"]>;
/**
 * Answers read with `call` whose records the codec parses one by one (`items`): the field and
 * the type of one record (the lists read with `list` are typed by the client's ItemTypes).
 */
interface CalledItems {
  memberDeals: { data: DealRecord };
}
export type ResultOf<K extends EndpointKey> = K extends keyof CalledItems
  ? Omit<z.output<Endpoints[K]["response"]>, keyof CalledItems[K]> & { [F in keyof CalledItems[K]]: CalledItems[K][F][] } & { rejected: RejectedRecord[] }
  : z.output<Endpoints[K]["response"]>;

export const ENDPOINT_LIST: EndpointDef[] = Object.values(ENDPOINTS);

/** Find an endpoint by method and path (the simulator's router). */
export function endpointFor(method: string, path: string): EndpointDef | undefined {
  return ENDPOINT_LIST.find((e) => e.method === method && e.path === path);
}

/** The paged endpoints. */
export type PagedKey = "withdrawals" | "subAffiliates" | "invitees" | "allOrders" | "inviteeTotals" | "commissions";

/** A parsed upstream result of a paged endpoint as WEEX's page of records (paging.ts). */
export function toWeexPage(key: PagedKey, result: unknown, page: number, pageSize: number): WeexPage<unknown> {
  return weexPage(ENDPOINTS[key], result, page, pageSize);
}

/** Whether a parsed result is a business failure reported inside HTTP 200. */
export function businessFailure(key: EndpointKey, result: unknown): { code: string; msg: string } | null {
  const ep: EndpointDef = ENDPOINTS[key];
  return ep.failure?.(result) ?? null;
}
