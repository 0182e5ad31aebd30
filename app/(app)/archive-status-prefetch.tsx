import "server-only";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { archiveStatusQuery } from "@/components/archive/query-options";
import { viewerArchiveStatus } from "@/lib/archive/server";

/**
 * A view that shows the archive's state (period controls, "Updated N min ago", "Building your
 * history — N %"), with that state prefetched on the server into the view's query cache
 * (HydrationBoundary), so it is there at first paint instead of one request later. It needs no
 * upstream request (the archive's status, cached 5 s). Only the pages that show it use this:
 * HydrationBoundary is client code every other page's bundle can do without.
 *
 * The lists themselves are not prefetched: their keys depend on the browser's clock and zone,
 * and a person's list request should be the browser's own (cancelled when they leave).
 */
export async function ArchiveStatusPrefetch({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient();
  await queryClient.prefetchQuery({ ...archiveStatusQuery(), queryFn: () => viewerArchiveStatus() });
  return <HydrationBoundary state={dehydrate(queryClient)}>{children}</HydrationBoundary>;
}
