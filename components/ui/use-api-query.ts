"use client";

import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { useDeferredValue } from "react";
import { apiGet, type QueryParams } from "@/lib/ui/api";

interface Opts<T = unknown> {
  enabled?: boolean;
  /** keep the last page on screen while the next one loads */
  keepPrevious?: boolean;
  staleTime?: number;
  /** ask again every so often while this says a number (e.g. refetchWhilePartial: the first backfill still fills the answer) */
  refetchInterval?: (query: { state: { data?: unknown } }) => number | false;
  /** an answer the page arrived with (rendered by the server), and when it was current */
  initial?: { data: T; at: number };
}

/**
 * A GET of a route from its query options (routeQuery, built by each page's query-options.ts).
 *
 * The answer reaches the page in a deferred render: a query's store update is always rendered
 * synchronously (React cannot make it a transition), so the component first renders again with
 * the previous result, which its memoised parts skip, and then with the new one in an
 * interruptible render that yields to the browser between components. On a phone, a page
 * whose queries settle one after another then holds the main thread in shorter pieces
 * (Lighthouse's Total Blocking Time; the commit itself stays one piece), and a click during a
 * big table's render is answered first.
 */
export function useRouteQuery<T, K extends QueryKey>(query: UseQueryOptions<T, Error, T, K>, opts: Opts<T> = {}) {
  return useDeferredValue(
    useQuery({
      ...query,
      enabled: opts.enabled,
      placeholderData: opts.keepPrevious ? keepPreviousData : undefined,
      staleTime: opts.staleTime,
      refetchInterval: opts.refetchInterval,
      initialData: opts.initial?.data,
      initialDataUpdatedAt: opts.initial?.at,
    }),
  );
}

/** A GET of a route outside the contract's typed table (reference data, admin state), keyed by path and params. */
export function useApiQuery<T>(path: string, params: QueryParams, opts: Opts<T> = {}) {
  return useRouteQuery<T, QueryKey>({ queryKey: [path, params], queryFn: ({ signal }) => apiGet<T>(path, params, signal) }, opts);
}
