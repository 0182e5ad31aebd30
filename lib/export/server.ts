/**
 * The export routes' one call: a CSV download tied to the request (a client that goes away
 * stops the upstream paging) and to the server log (a failure after the first bytes has no
 * response left to carry it, so the log is where it is told).
 */
import "server-only";
import { logger } from "@/lib/log/log";
import { isWeexError } from "@/lib/weex/errors";
import { csvDownload, type CsvDownload } from "./response";

export function exportResponse<T>(req: Request, download: Omit<CsvDownload<T>, "signal" | "onStreamError">): Promise<Response> {
  return csvDownload({
    ...download,
    signal: req.signal,
    onStreamError: (err) =>
      logger("export").warn(
        {
          path: new URL(req.url).pathname,
          file: download.filename,
          ...(isWeexError(err) ? { kind: err.kind, upstream: err.upstream } : { err }),
        },
        "CSV export aborted after the first bytes",
      ),
  });
}
