/**
 * Download a CSV export in the browser: fetch it, read the body as it streams (counting rows
 * for a progress display), and hand back the whole file only if it arrived complete.
 *
 * The server aborts the stream when an upstream page fails after the first bytes, so a body
 * read that rejects means "the file is incomplete": that is an error here, never a file.
 * Plain module (no React), so it can be tested without a browser.
 */
import { ApiError, errorFromResponse, networkError } from "@/lib/ui/api";
import { shareHeaders } from "@/lib/ui/share-mode";

export interface CsvFile {
  blob: Blob;
  filename: string;
  /** data rows (lines after the header) */
  rows: number;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  /** called as rows arrive, with the data rows so far */
  onProgress?: (rows: number) => void;
  /** used when the response names no file */
  fallbackFilename?: string;
  fetch?: typeof fetch;
}

const LF = 0x0a;

/** The file name from a Content-Disposition header (`filename*=` preferred), if any. */
export function filenameFrom(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // malformed escape: fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(contentDisposition);
  return plain ? (plain[1] ?? plain[2]) : null;
}

/**
 * Fetch and read an export. Rejects with an ApiError for an error response (the contract's
 * message), with an ApiError "incomplete_download" when the body breaks off, and with the
 * AbortError when `signal` aborts.
 */
export async function downloadCsv(url: string, opts: DownloadOptions = {}): Promise<CsvFile> {
  const doFetch = opts.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(url, { credentials: "same-origin", headers: { accept: "text/csv, application/json", ...shareHeaders() }, signal: opts.signal });
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    throw networkError();
  }
  if (!res.ok) throw await errorFromResponse(res);
  if (!res.body) throw incomplete();

  const parts: Uint8Array[] = [];
  // Lines so far; the first is the header. A quoted value holding a line break would count
  // twice: the figure is progress, not the final count, which the caller gets at the end too.
  let lines = 0;
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      for (let i = 0; i < value.length; i++) if (value[i] === LF) lines++;
      opts.onProgress?.(Math.max(0, lines - 1));
    }
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    throw incomplete();
  } finally {
    reader.releaseLock();
  }
  return {
    blob: new Blob(parts as BlobPart[], { type: "text/csv;charset=utf-8" }),
    filename: filenameFrom(res.headers.get("content-disposition")) ?? opts.fallbackFilename ?? "export.csv",
    rows: Math.max(0, lines - 1),
  };
}

function incomplete(): ApiError {
  return new ApiError({
    status: 0,
    code: "incomplete_download",
    message: "The export broke off before the end (WEEX failed while the file was being written). No file was saved; try again.",
  });
}

/** Offer a file to the person as a download, from memory. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = filename;
  a.rel = "noopener";
  a.style.display = "none";
  document.body.append(a);
  a.click();
  a.remove();
  // The browser reads the URL after click() returns; release the memory a little later.
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Offer a CSV the page already holds (a small table's rows) as a download. */
export function saveCsv(text: string, filename: string): void {
  saveBlob(new Blob([text], { type: "text/csv;charset=utf-8" }), filename);
}
