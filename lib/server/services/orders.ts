/**
 * Order placement and modification with an audit record each: who, when, from where, the
 * request (orders carry no secrets), the outcome and the upstream order id.
 *
 * Outcomes: success; rejected (WEEX answered success:false / orderId 0 / code ≠ 00000, which
 * the route still answers as 200 mirroring WEEX); error (WEEX refused or was unreachable, the
 * order was not placed); unknown (a timeout or lost connection after sending: the order may
 * exist; the client order id tells). Nothing here is ever retried.
 */
import "server-only";
import { businessFailure, ENDPOINTS, type ParsedParamsOf, type ResultOf } from "@/lib/weex/endpoints";
import type { EndpointDef } from "@/lib/weex/endpoint-def";
import { isWeexError } from "@/lib/weex/errors";
import { audit } from "../identity/audit";
import type { SessionUser } from "../identity/principal";
import { getWeex } from "./weex";

export type OrderKey = "placeOrder" | "placeTpSl" | "modifyTpSl";

export const ORDER_ACTIONS: Record<OrderKey, string> = {
  placeOrder: "order.place",
  placeTpSl: "plan_order.place",
  modifyTpSl: "plan_order.modify",
};

/** The upstream id of the order a result is about (the endpoint table says where), or null when none was assigned. */
function upstreamOrderId<K extends OrderKey>(key: K, params: ParsedParamsOf<K>, result: ResultOf<K> | undefined): string | null {
  const ep: EndpointDef = ENDPOINTS[key];
  return ep.placesOrder!.orderId(params, result);
}

export async function sendOrder<K extends OrderKey>(
  key: K,
  params: ParsedParamsOf<K>,
  who: { user: SessionUser; ip: string },
  /** WEEX's optional `locale` header (plan orders: the person's language, weexLocaleTag) */
  opts: { locale?: string } = {},
): Promise<ResultOf<K>> {
  const base = { username: who.user.username, action: ORDER_ACTIONS[key], ip: who.ip };
  let result: ResultOf<K>;
  try {
    result = (await getWeex().call(key, params as never, { priority: "interactive", locale: opts.locale })) as ResultOf<K>;
  } catch (e) {
    const error = isWeexError(e) ? { kind: e.kind, message: e.message, upstream: e.upstream, maybeExecuted: e.maybeExecuted ?? false } : { kind: "internal" };
    await audit({
      ...base,
      outcome: isWeexError(e) && e.maybeExecuted ? "unknown" : "error",
      upstreamOrderId: upstreamOrderId(key, params, undefined),
      detail: { request: params, error },
    });
    throw e;
  }
  const failure = businessFailure(key, result);
  await audit({
    ...base,
    outcome: failure ? "rejected" : "success",
    upstreamOrderId: upstreamOrderId(key, params, result),
    detail: { request: params, result, ...(failure ? { failure } : {}) },
  });
  return result;
}
