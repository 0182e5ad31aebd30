"use client";

import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { apiGet, type QueryParams } from "@/lib/ui/api";

interface Opts {
  enabled?: boolean;
  /** keep the last page on screen while the next one loads */
  keepPrevious?: boolean;
  staleTime?: number;
  /** ask again every so often while this says a number (e.g. refetchWhilePartial: the first backfill still fills the answer) */
  refetchInterval?: (query: { state: { data?: unknown } }) => number | false;
}

/** A GET of a route from its query options (routeQuery, built by each page's query-options.ts). */
export function useRouteQuery<T, K extends QueryKey>(query: UseQueryOptions<T, Error, T, K>, opts: Opts = {}) {
  return useQuery({
    ...query,
    enabled: opts.enabled,
    placeholderData: opts.keepPrevious ? keepPreviousData : undefined,
    staleTime: opts.staleTime,
    refetchInterval: opts.refetchInterval,
  });
}

/** A GET of a route outside the contract's typed table (reference data, admin state), keyed by path and params. */
export function useApiQuery<T>(path: string, params: QueryParams, opts: Opts = {}) {
  return useRouteQuery<T, QueryKey>({ queryKey: [path, params], queryFn: ({ signal }) => apiGet<T>(path, params, signal) }, opts);
}
