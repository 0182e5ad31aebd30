/**
 * Walking WEEX's rebate reads (commission records, per-invitee totals) live, as pages.ts walks the interface's lists: the
 * commission records (getAffiliateCommission) and the per-invitee totals
 * (getChannelUserTradeAndAsset) of a range, one upstream page of records at a time.
 *
 * - Commission records: one product type per query (WEEX's default is SPOT), so a filter without
 *   one reads SPOT's, then FUTURES'; a range longer than WEEX's 90 days is read in ≤ 90-day
 *   queries, newest first; `symbol` and `sourceType`, which WEEX cannot filter by, are applied
 *   here. Without a start WEEX answers its last 7 days; so do these walks.
 * - Totals: sums over a window, ≤ 90 days a query and not older than WEEX's year; a longer range
 *   is the sum of its disjoint windows (weex-facts.md), read newest first.
 */
import type { CommissionRecord, InviteeTotalsRecord } from "@/lib/weex/records";
import { PRODUCT_TYPES, WINDOWS, type ProductType } from "@/lib/weex/limits";
import { AGE_EDGE_MARGIN_MS, walkPages, type PageLister, type TimeSlice } from "./pages";
import type { Scope } from "./scope";

/** The commission records' filters: WEEX's (`uid`, `coin`, `productType`) and ours (`symbol`, `sourceType`). */
export interface CommissionFilter {
  uid?: string;
  coin?: string;
  /** absent: both */
  productType?: ProductType;
  symbol?: string;
  sourceType?: number;
  startTime?: number;
  endTime?: number;
  /**
   * A partner's scope: its invite codes' invitees only (lib/archive/scope-invitees.ts:
   * the archive's SQL selects them, a live part's records are kept by them). Never sent upstream.
   */
  scope?: Scope;
}

export interface InviteeTotalsFilter {
  uid?: string;
  startTime?: number;
  endTime?: number;
}

/** Cut [start, end] into windows of at most `maxSpanMs` (end − start), newest first, 1 ms apart. */
export function windowsNewestFirst(start: number, end: number, maxSpanMs: number): TimeSlice[] {
  const out: TimeSlice[] = [];
  let to = end;
  while (to >= start) {
    const from = Math.max(start, to - maxSpanMs);
    out.push({ startTime: from, endTime: to });
    to = from - 1;
  }
  return out;
}

/** The queries of a commission filter's range: WEEX's default window when it names no start. */
export function commissionSlices(filter: Pick<CommissionFilter, "startTime" | "endTime">, now: number): TimeSlice[] {
  const end = filter.endTime ?? now;
  const start = filter.startTime ?? end - WINDOWS.commissions.defaultSpanMs;
  return windowsNewestFirst(start, end, WINDOWS.commissions.maxSpanMs);
}

/** Whether a record passes the filters WEEX does not apply. */
export function matchesCommissionFilter(f: Pick<CommissionFilter, "symbol" | "sourceType">): (r: CommissionRecord) => boolean {
  return (r) => (f.symbol === undefined || r.symbol === f.symbol) && (f.sourceType === undefined || r.sourceType === f.sourceType);
}

/** Every commission record of a filter: each product type in turn, its queries newest first. */
export async function* commissionPages(lister: PageLister, filter: CommissionFilter, signal?: AbortSignal, now: number = Date.now()): AsyncGenerator<CommissionRecord[]> {
  const matches = matchesCommissionFilter(filter);
  for (const productType of filter.productType ? [filter.productType] : PRODUCT_TYPES) {
    for (const slice of commissionSlices(filter, now)) {
      const query = { uid: filter.uid, coin: filter.coin, productType, ...slice };
      for await (const batch of walkPages(lister, "commissions", query, signal)) {
        const kept = batch.filter(matches);
        if (kept.length > 0) yield kept;
      }
    }
  }
}

/**
 * The windows of a totals filter WEEX answers: at most 90 days each, none starting beyond its
 * year (a start older is raised to it, with a margin: those days are not served). Without a
 * start, WEEX's default: the 90 days before the end.
 */
export function inviteeTotalsSlices(filter: Pick<InviteeTotalsFilter, "startTime" | "endTime">, now: number): TimeSlice[] {
  const { maxAgeMs, maxSpanMs } = WINDOWS.inviteeTotals;
  const end = Math.min(filter.endTime ?? now, now);
  const start = Math.max(filter.startTime ?? end - maxSpanMs, now - maxAgeMs + AGE_EDGE_MARGIN_MS);
  return windowsNewestFirst(start, end, maxSpanMs);
}

/** Every invitee's totals of each window of the filter, newest window first (rows of different windows add up). */
export async function* inviteeTotalsPages(lister: PageLister, filter: InviteeTotalsFilter, signal?: AbortSignal, now: number = Date.now()): AsyncGenerator<InviteeTotalsRecord[]> {
  for (const slice of inviteeTotalsSlices(filter, now)) yield* walkPages(lister, "inviteeTotals", { uid: filter.uid, ...slice }, signal);
}

/** The live sources of the rebate reads, beside lib/affiliate/sources.ts's three. */
export interface RebateSources {
  commissions: { records(filter: CommissionFilter, signal?: AbortSignal): AsyncIterable<CommissionRecord[]> };
  inviteeTotals: { records(filter: InviteeTotalsFilter, signal?: AbortSignal): AsyncIterable<InviteeTotalsRecord[]> };
}

export function rebateSources(lister: PageLister, now: () => number = Date.now): RebateSources {
  return {
    commissions: { records: (filter, signal) => commissionPages(lister, filter, signal, now()) },
    inviteeTotals: { records: (filter, signal) => inviteeTotalsPages(lister, filter, signal, now()) },
  };
}
