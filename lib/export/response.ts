/**
 * One way to answer with a CSV download, for every export: a streaming `Response` whose body
 * is written while the pages arrive.
 *
 * The rules (dashboard-api.md, "CSV export"):
 * - **Flat memory.** The body is a pull stream: the next batch is fetched only when the
 *   previous one has been taken by the connection (backpressure), so at most about one batch
 *   is held, however many rows the file has.
 * - **A failure before the first byte is an ordinary error response.** The first batch is
 *   fetched before the `Response` exists; if that throws, `csvDownload` throws, and the route
 *   wrapper answers with the contract's JSON error (400/429/502/…).
 * - **A failure after the first byte fails the download.** The stream is errored, the
 *   connection is cut without the final chunk, and the browser or script sees a failed
 *   download — never a file that ends cleanly but lacks rows.
 * - **A cancelled download stops the upstream paging.** When the client goes away (the body is
 *   cancelled, or the request's signal aborts) the signal handed to `rows` aborts.
 */
import { csvFileStart, csvRows, type CsvColumn } from "./csv";

export interface CsvDownload<T> {
  /** file name offered to the browser (ASCII: see `datasets.ts`) */
  filename: string;
  columns: readonly CsvColumn<T>[];
  /** the records to write, batch by batch; stop when `signal` aborts */
  rows: (signal: AbortSignal) => AsyncIterable<readonly T[]>;
  /** the request's signal: the client went away */
  signal?: AbortSignal;
  /** told about a failure after the first byte (there is no response left to carry it) */
  onStreamError?: (err: unknown) => void;
  /**
   * Called once when the download is over, however: written to the end, failed (before or
   * after the first byte), cancelled, or its client gone. What is held for the walk (one
   * export at a time per person, lib/server/http/export-turns.ts) is let go here.
   */
  onSettled?: () => void;
}

export function csvHeaders(filename: string): Record<string, string> {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename.replace(/["\\\r\n]/g, "_")}"`,
    "Cache-Control": "no-store",
    // Proxies such as nginx would otherwise buffer the whole file before sending a byte.
    "X-Accel-Buffering": "no",
  };
}

/**
 * The download's end, told once (`onSettled`): when `release` is called (the body was read to
 * its end, failed or was cancelled) or when the client went away, which also aborts the walk.
 */
function downloadEnd(d: Pick<CsvDownload<unknown>, "signal" | "onSettled">, upstream: AbortController) {
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    d.onSettled?.();
  };
  // `cancelled` is set when the client went away: the failure that follows is expected, not worth a log line.
  const end = { cancelled: false, release };
  const clientGone = () => {
    end.cancelled = true;
    upstream.abort(d.signal?.reason);
    // (the walk stops at its next step; nobody will pull the body to its end or cancel it)
    settle();
  };
  d.signal?.addEventListener("abort", clientGone, { once: true });
  function release() {
    d.signal?.removeEventListener("abort", clientGone);
    settle();
  }
  return end;
}

export async function csvDownload<T>(d: CsvDownload<T>): Promise<Response> {
  const upstream = new AbortController();
  const end = downloadEnd(d, upstream);
  const release = end.release;

  const iterator = d.rows(upstream.signal)[Symbol.asyncIterator]();
  // Until something non-empty (or the end) arrives, nothing is sent: errors become JSON.
  let first: IteratorResult<readonly T[]>;
  try {
    do first = await iterator.next();
    while (!first.done && first.value.length === 0);
  } catch (err) {
    release();
    upstream.abort(err);
    throw err;
  }

  const encoder = new TextEncoder();
  let started = false;
  let finished = false;
  const finish = () => {
    finished = true;
    release();
  };

  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (!started) {
            started = true;
            const text = csvFileStart(d.columns) + (first.done ? "" : csvRows(d.columns, first.value));
            controller.enqueue(encoder.encode(text));
            if (first.done) {
              controller.close();
              finish();
            }
            return;
          }
          // Loop over empty batches: a pull that enqueues nothing would not be called again.
          for (;;) {
            const next = await iterator.next();
            if (next.done) {
              controller.close();
              finish();
              return;
            }
            if (next.value.length > 0) {
              controller.enqueue(encoder.encode(csvRows(d.columns, next.value)));
              return;
            }
          }
        } catch (err) {
          finish();
          upstream.abort(err);
          if (!end.cancelled) (d.onStreamError ?? logStreamError)(err);
          controller.error(err);
        }
      },
      async cancel(reason) {
        if (finished) return;
        finish();
        end.cancelled = true;
        upstream.abort(reason);
        // Let the generators run their `finally` blocks; an abort error from them is expected.
        await iterator.return?.().catch(() => undefined);
      },
    },
    { highWaterMark: 1 },
  );

  return new Response(body, { status: 200, headers: csvHeaders(d.filename) });
}

function logStreamError(err: unknown): void {
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  console.error(`CSV export aborted after the first bytes: ${message}`);
}
