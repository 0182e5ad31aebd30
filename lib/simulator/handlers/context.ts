/**
 * What every endpoint handler receives and returns, and the paging helpers they share.
 */
import type { EndpointKey } from "../../weex/endpoints";
import type { EndpointDef } from "../../weex/endpoint-def";
import type { Dataset } from "../data";
import type { RawParams } from "../params";
import type { TradingState } from "../state";

export interface HandlerContext {
  ep: EndpointDef;
  /** the request's parameters as received (query or lossless JSON body) */
  raw: RawParams;
  /** the exchange's clock at arrival */
  now: number;
  data: Dataset;
  state: TradingState;
  /** the request's optional `locale` header (plan orders record it), null when absent */
  locale: string | null;
  /**
   * Faults.outOfWindow: how much wider (ms, each side) the affiliate lists and the commission
   * records read the time window asked for; 0 or absent: exactly as asked; Infinity: every
   * record there is up to now
   */
  widenMs?: number;
}

export interface HandlerResult {
  /** default 200 */
  status?: number;
  /** written with stringifyWireJson: LosslessNumber values become raw JSON numbers */
  body: unknown;
  /** an order placement or modification was executed (stats.ordersPlaced) */
  executed?: boolean;
}

export type Handler = (ctx: HandlerContext) => HandlerResult;
export type HandlerTable = Record<EndpointKey, Handler>;

/**
 * Indices [from, to) of the entries whose key lies in [lo, hi], in a list sorted by that key
 * descending (newest first), found by binary search.
 */
export function rangeDesc<T>(list: readonly T[], key: (item: T) => number, lo: number, hi: number): [number, number] {
  // first index with key <= hi
  let a = 0;
  let b = list.length;
  while (a < b) {
    const m = (a + b) >>> 1;
    if (key(list[m]) > hi) a = m + 1;
    else b = m;
  }
  const from = a;
  // first index with key < lo
  b = list.length;
  while (a < b) {
    const m = (a + b) >>> 1;
    if (key(list[m]) >= lo) a = m + 1;
    else b = m;
  }
  return [from, a];
}

/** One page (from 1) of an already ordered list. */
export function pageOf<T>(list: readonly T[], page: number, size: number): T[] {
  const start = (page - 1) * size;
  return start >= list.length ? [] : list.slice(start, start + size);
}

export function pageCount(total: number, size: number): number {
  return Math.ceil(total / size);
}
