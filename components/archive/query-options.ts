import { queryOptions } from "@tanstack/react-query";
import type { ArchiveStatus } from "@/lib/contract/responses";
import { apiGet } from "@/lib/ui/api";

const PATH = "/api/archive/status";

/**
 * The archive's build state (GET /api/archive/status), one cache entry shared by every
 * component that asks: polled every 5 s while the first backfill runs, then left alone. The
 * pages prefetch it on the server (definePage), so it is there at first paint.
 */
export function archiveStatusQuery() {
  return queryOptions({
    queryKey: [PATH],
    queryFn: ({ signal }) => apiGet<ArchiveStatus>(PATH, {}, signal),
    staleTime: 5_000,
    refetchInterval: (q) => (q.state.data?.building ? 5_000 : false),
  });
}
