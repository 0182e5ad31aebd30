/**
 * Spot order queries: one order (GET /api/v3/order) and a pair's orders (GET /api/v3/allOrders,
 * a bare array paged by `limit` + `page`). Only orders created by the exchange's clock exist.
 */
import { spotOrderWire } from "../data/spotOrders";
import { badRequest, CODES } from "../errors";
import { checkTimeWindow, readFields, readPaging } from "../params";
import { pageOf, rangeDesc, type Handler } from "./context";

export const spotOrder: Handler = ({ ep, raw, now, data }) => {
  const p = readFields<{ orderId?: string; origClientOrderId?: string }>(ep, raw);
  if (p.orderId === undefined && p.origClientOrderId === undefined) {
    throw badRequest(CODES.validation, "Either orderId or origClientOrderId must be sent.");
  }
  const order = p.orderId !== undefined ? data.spotOrdersById.get(p.orderId) : data.spotOrdersByClientId.get(p.origClientOrderId!);
  const consistent = order && (p.origClientOrderId === undefined || order.clientOrderId === p.origClientOrderId);
  if (!order || !consistent || order.time > now) throw badRequest(CODES.spotOrderMissing, "Order does not exist.");
  return { body: spotOrderWire(order, now) };
};

export const allOrders: Handler = ({ ep, raw, now, data }) => {
  const p = readFields<{ symbol: string; startTime?: number; endTime?: number }>(ep, raw);
  const { page, size } = readPaging(ep, raw);
  checkTimeWindow(ep.window!, p, now);
  if (!data.pairsBySymbol.has(p.symbol)) throw badRequest(CODES.spotSymbolMissing, `Spot symbol does not exist: ${p.symbol}`);
  const list = data.spotOrdersBySymbol.get(p.symbol) ?? [];
  const [i, j] = rangeDesc(list, (o) => o.time, p.startTime ?? 0, Math.min(p.endTime ?? now, now));
  return { body: pageOf(list.slice(i, j), page, size).map((o) => spotOrderWire(o, now)) };
};
