/**
 * Walking every page of a paged WEEX endpoint, for the aggregate routes (series, leaderboard,
 * funnel) and the CSV exports.
 *
 * Everything here is an async generator that yields one upstream page of records at a time, as
 * it arrives, so a consumer that writes pages out (the CSV stream) keeps at most one page in
 * memory, and a consumer that stops early (a cancelled download) stops the paging: the
 * `AbortSignal` is handed to every upstream call and checked between pages.
 *
 * The upstream windows live in the endpoint table (`WINDOWS`); the only rule added here is how
 * a range longer than one query may span is cut into slices (invitees: ≤ 90 days a query).
 */
import type { CallParams } from "@/lib/weex/client";
import { ENDPOINTS, WINDOWS } from "@/lib/weex/endpoints";
import type { CommissionRecord, InviteeRecord, InviteeTotalsRecord, SubAffiliateRecord, WithdrawalRecord } from "@/lib/weex/records";
import type { WeexPage } from "@/lib/weex/paging";
import { PRODUCT_TYPES, type ProductType } from "@/lib/weex/limits";
import { SCOPE_RULES, withinScope, type Scope } from "./scope";

/** The paged endpoints the affiliate aggregates read (commission records, per-invitee totals). */
export type PagedKey = "subAffiliates" | "invitees" | "withdrawals" | "commissions" | "inviteeTotals";

export interface PagedItems {
  subAffiliates: SubAffiliateRecord;
  invitees: InviteeRecord;
  withdrawals: WithdrawalRecord;
  commissions: CommissionRecord;
  inviteeTotals: InviteeTotalsRecord;
}

/**
 * Filters in the dashboard's terms (the endpoint table's params without paging). `scope`: a
 * partner's request, only the records of that scope (scope.ts); never sent upstream.
 */
export interface SubAffiliateFilter {
  /** absent: both product types */
  productType?: ProductType;
  subUid?: string;
  startTime?: number;
  endTime?: number;
  scope?: Scope;
}

export interface InviteeFilter {
  uid?: string;
  startTime?: number;
  endTime?: number;
  scope?: Scope;
}

export interface WithdrawalFilter {
  scope?: Scope;
  withdrawID?: string;
  coin?: string;
  startTime?: number;
  endTime?: number;
  fromAccountType?: "SPOT" | "FUND";
  toAccountType?: "SPOT" | "FUND";
}

export interface ListOptions {
  priority?: "interactive" | "background";
  signal?: AbortSignal;
  budgetWaitMs?: number;
}

/**
 * The part of `WeexClient` (lib/weex/client.ts) the walkers use: one page of a paged endpoint
 * in the dashboard's list shape. Kept this narrow so the walkers depend on a contract, not on
 * the client's internals (and tests can stand in for it).
 */
export interface PageLister {
  list<K extends PagedKey>(key: K, params: CallParams<K>, opts?: ListOptions): Promise<WeexPage<PagedItems[K]>>;
  /**
   * The records of a page that lie in the window its query asked for (`params`' startTime and
   * endTime), the others noted by the answer (lib/archive/upstream.ts `collecting`). A walk of
   * several queries (a year of invitees in 90-day slices, commission records in 90-day
   * windows) keeps each record once only so: an upstream answering a query with records of
   * another (or ignoring the window) would have it counted once per query. Absent: all of them.
   */
  inWindow?<K extends PagedKey>(key: K, params: CallParams<K>, items: PagedItems[K][]): PagedItems[K][];
}

/**
 * How long a page after the first may wait for upstream weight. The first page uses the
 * client's default, so a person whose budget is spent gets a quick 429 with Retry-After. Once
 * a download has started, waiting for the budget is better than failing it half-way.
 */
export const LATER_PAGE_BUDGET_WAIT_MS = 60_000;

/**
 * Every page of one query, at the endpoint's largest page size, stopping when the upstream
 * says there is no next page (its `pages` count, else a short page) or sends a page without any record (`isEmptyPage`).
 * Each page's records outside the query's window are left out (`PageLister.inWindow`), after
 * that decision: a page of only such records is not the end of the query.
 */
export async function* walkPages<K extends PagedKey>(
  lister: PageLister,
  key: K,
  filter: Record<string, unknown>,
  signal?: AbortSignal,
): AsyncGenerator<PagedItems[K][]> {
  const pageSize = largestPageSize(key);
  for (let page = 1; ; page++) {
    signal?.throwIfAborted();
    // The filter was validated by the route; the client validates the params again before sending.
    const params = { ...withoutUndefined(filter), page, pageSize } as CallParams<K>;
    const result = await lister.list(key, params, {
      signal,
      ...(page > 1 ? { budgetWaitMs: LATER_PAGE_BUDGET_WAIT_MS } : {}),
    });
    if (isEmptyPage(result)) return;
    const items = lister.inWindow?.(key, params, result.items) ?? result.items;
    if (items.length > 0) yield items;
    if (!result.hasNextPage) return;
  }
}

/**
 * Whether the upstream sent no records at all on this page: the end of a walk. Records are
 * parsed one by one, so `items` holds only the usable ones; a page whose records were all set
 * aside (`rejected`) is not the end, and the pages after it must still be read (a sync that
 * stopped there would mark the range done, and a re-sync would delete rows it never saw).
 */
export function isEmptyPage(page: Pick<WeexPage<unknown>, "items" | "rejected">): boolean {
  return page.items.length === 0 && (page.rejected?.length ?? 0) === 0;
}

/**
 * Sub-affiliate daily records; no product type means SPOT's pages, then FUTURES'. With a
 * scope, one query per sub-affiliate of the scope (WEEX filters by one `subUid`), never one of
 * the whole network.
 */
export async function* subAffiliatePages(
  lister: PageLister,
  filter: SubAffiliateFilter,
  signal?: AbortSignal,
): AsyncGenerator<SubAffiliateRecord[]> {
  const { scope, ...upstream } = filter;
  const productTypes = filter.productType ? [filter.productType] : PRODUCT_TYPES;
  const uids = !scope ? [filter.subUid] : (filter.subUid ? [filter.subUid] : scope.subAffiliateUids).filter((u) => scope.subAffiliateUids.includes(u));
  for (const productType of productTypes) {
    for (const subUid of uids) yield* withinScope(walkPages(lister, "subAffiliates", { ...upstream, subUid, productType }, signal), scope && SCOPE_RULES.subAffiliates(scope));
  }
}

/** Internal transfers (the upstream serves the past month only; validation says so first); none in a partner's scope. */
export async function* withdrawalPages(lister: PageLister, filter: WithdrawalFilter, signal?: AbortSignal): AsyncGenerator<WithdrawalRecord[]> {
  const { scope, ...upstream } = filter;
  if (scope) return;
  yield* walkPages(lister, "withdrawals", upstream, signal);
}

/**
 * Invited users of a range of any length up to a year, one ≤ 90-day query after another. The
 * newest slice comes first: the upstream lists newest first within a query, so the whole
 * sequence is newest first, like the list route.
 */
export async function* inviteePages(
  lister: PageLister,
  filter: InviteeFilter,
  signal?: AbortSignal,
  now: number = Date.now(),
): AsyncGenerator<InviteeRecord[]> {
  // (WEEX cannot filter by invite code: a scope's invitees are picked from every page)
  const keep = filter.scope && SCOPE_RULES.invitees(filter.scope);
  for (const slice of inviteeSlices(filter, now).reverse()) {
    yield* withinScope(walkPages(lister, "invitees", { uid: filter.uid, ...slice }, signal), keep);
  }
}

/**
 * Room left at the one-year edge when a start is clamped: the upstream checks the age with its
 * own clock a little later than ours, and clocks differ by seconds.
 */
export const AGE_EDGE_MARGIN_MS = 5 * 60_000;

export interface TimeSlice {
  startTime: number;
  endTime: number;
}

/**
 * Cut an invitee range into queries the upstream accepts: each at most 90 days
 * (`endTime - startTime <= maxSpanMs`), none starting more than a year ago.
 *
 * - No startTime: as far back as the upstream keeps (one year). No endTime: now.
 * - A start older than the upstream keeps is raised to the oldest instant it still answers for
 *   (plus a small margin): those invitees no longer exist upstream, asking for them is not an
 *   error. Validation (`queries.ts`) refuses starts much older than that.
 * - Slices are ascending, contiguous and disjoint: the upstream's times are inclusive epoch
 *   ms, so the next slice starts 1 ms after the previous one ends; no invitee is fetched twice
 *   or skipped.
 */
export function inviteeSlices(filter: Pick<InviteeFilter, "startTime" | "endTime">, now: number): TimeSlice[] {
  const { maxAgeMs, maxSpanMs } = WINDOWS.invitees;
  const end = filter.endTime ?? now;
  let start = Math.max(filter.startTime ?? 0, now - maxAgeMs + AGE_EDGE_MARGIN_MS);
  const slices: TimeSlice[] = [];
  while (start <= end) {
    const sliceEnd = Math.min(start + maxSpanMs, end);
    slices.push({ startTime: start, endTime: sliceEnd });
    start = sliceEnd + 1;
  }
  return slices;
}

/** Fewer, larger pages: fewer requests against the weight budget. */
export function largestPageSize(key: PagedKey): number {
  const paging = ENDPOINTS[key].paging;
  if (!paging) throw new Error(`${key} is not a paged endpoint`);
  return paging.maxSize;
}

function withoutUndefined(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out;
}
