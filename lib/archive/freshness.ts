/**
 * Freshness on a CSV download: a file has no JSON to carry `freshness`, so the response says
 * it in headers (the download's first batch has been read when the Response exists, so the
 * choice of source is known by then).
 *
 *   X-Data-Source: archive | live | mixed
 *   X-Data-Synced-At: <epoch ms of the archive's last completed sync>   (archive/mixed only)
 */
import type { Freshness } from "./select";

export function withFreshnessHeaders(res: Response, f: Freshness): Response {
  try {
    res.headers.set("X-Data-Source", f.source);
    if (f.syncedAt !== null) res.headers.set("X-Data-Synced-At", String(f.syncedAt));
  } catch {
    // immutable headers: the download matters more than the label
  }
  return res;
}
