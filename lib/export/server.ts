/**
 * The export routes' one call: a CSV download tied to the request (a client that goes away
 * stops the upstream paging; every page is taken as the person's WEEX weight) and to the
 * server log (a failure after the first bytes has no response left to carry it, so the log is
 * where it is told).
 */
import "server-only";
import { logger } from "@/lib/log/log";
import { isWeexError } from "@/lib/weex/errors";
import { inPartyOf } from "@/lib/weex/party";
import { csvDownload, type CsvDownload } from "./response";

export function exportResponse<T>(req: Request, download: Omit<CsvDownload<T>, "signal" | "onStreamError">): Promise<Response> {
  return csvDownload({
    ...download,
    // The pages after the first are pulled by the response writer, outside the request's
    // context: they are still taken as the person's weight (lib/weex/party.ts).
    rows: (signal) => inPartyOf(download.rows(signal)),
    signal: req.signal,
    onStreamError: (err) =>
      logger("export").warn(
        {
          path: new URL(req.url).pathname,
          file: download.filename,
          ...(isWeexError(err) ? { kind: err.kind, message: err.message, upstream: err.upstream } : { err }),
        },
        "CSV export aborted after the first bytes",
      ),
  });
}
