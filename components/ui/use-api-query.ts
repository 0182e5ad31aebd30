"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiGet, type QueryParams } from "@/lib/ui/api";

/**
 * A GET against a dashboard route, keyed by path and params (every filter is in the key, so
 * a different filter is a different cache entry). `keepPrevious` keeps the last page on screen
 * while the next one loads.
 */
export function useApiQuery<T>(path: string, params: QueryParams, opts: { enabled?: boolean; keepPrevious?: boolean; staleTime?: number } = {}) {
  return useQuery({
    queryKey: [path, params],
    queryFn: ({ signal }) => apiGet<T>(path, params, signal),
    enabled: opts.enabled,
    placeholderData: opts.keepPrevious ? keepPreviousData : undefined,
    staleTime: opts.staleTime,
  });
}
