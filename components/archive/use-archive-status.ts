"use client";

import { useQuery } from "@tanstack/react-query";
import type { ArchiveBuildStatus } from "@/lib/archive/build-status";
import { apiGet } from "@/lib/ui/api";

const PATH = "/api/archive/status";

/**
 * The archive's build state (GET /api/archive/status), shared by every component that asks
 * (one request per page): polled every 5 s while the first backfill runs, then left alone.
 */
export function useArchiveStatus(enabled = true) {
  return useQuery({
    queryKey: [PATH],
    queryFn: ({ signal }) => apiGet<ArchiveBuildStatus>(PATH, {}, signal),
    enabled,
    staleTime: 5_000,
    refetchInterval: (q) => (q.state.data?.building ? 5_000 : false),
  });
}
