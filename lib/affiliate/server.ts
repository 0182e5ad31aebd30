/**
 * The affiliate sources the routes read, chosen in one place: live from WEEX through the
 * server's client (its shared weight budget included) and the archive (issue 7), decided per
 * request by `source=auto|archive|live`.
 */
import "server-only";
import { archiveSources } from "@/lib/archive/server";
import type { SelectedSources, SourceParam } from "@/lib/archive/sources";

/**
 * The sources for one request by its `source=auto|archive|live` (issue 7; default auto): the
 * archive (lib/archive) for the range it holds, live from WEEX through the server's client for
 * the rest; plus the aggregates answered from SQL where the archive holds the data, and the
 * answer's `freshness()`.
 */
export function affiliateSources(source?: SourceParam): SelectedSources {
  return archiveSources(source);
}
