/** The endpoint handlers, one per key of the endpoint table. */
import { invitees, subAffiliates, withdrawals } from "./affiliate";
import type { HandlerTable } from "./context";
import { modifyTpSl, placeOrder, placeTpSl } from "./contract";
import { commissions, inviteeTotals, memberAssets, memberDeals, verifyReferrals } from "./rebate";
import { coins, exchangeInfo } from "./reference";
import { allOrders, spotOrder } from "./spot";

export type { HandlerContext, HandlerResult } from "./context";

export const HANDLERS: HandlerTable = {
  placeOrder,
  exchangeInfo,
  withdrawals,
  subAffiliates,
  coins,
  invitees,
  placeTpSl,
  modifyTpSl,
  spotOrder,
  allOrders,
  inviteeTotals,
  commissions,
  verifyReferrals,
  memberAssets,
  memberDeals,
};
