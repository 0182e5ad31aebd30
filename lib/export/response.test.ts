import { describe, expect, it } from "vitest";
import { WeexError } from "@/lib/weex/errors";
import type { CsvColumn } from "./csv";
import { csvDownload } from "./response";

interface Row {
  n: string;
}
const columns: CsvColumn<Row>[] = [{ header: "n", value: (r) => r.n }];
const batch = (from: number, count: number): Row[] => Array.from({ length: count }, (_, i) => ({ n: String(from + i) }));

/** A paged source that records how far it was pulled and whether it was stopped. */
function source(pages: number, opts: { failAt?: number; rowsPerPage?: number } = {}) {
  const state = { fetched: 0, finished: false, signal: undefined as AbortSignal | undefined };
  const per = opts.rowsPerPage ?? 3;
  async function* rows(signal: AbortSignal) {
    state.signal = signal;
    try {
      for (let p = 1; p <= pages; p++) {
        signal.throwIfAborted();
        await new Promise((r) => setTimeout(r, 1));
        if (p === opts.failAt) throw new WeexError("unavailable", "WEEX is unavailable (HTTP 503)");
        state.fetched = p;
        yield batch((p - 1) * per, per);
      }
    } finally {
      state.finished = true;
    }
  }
  return { rows, state };
}

async function readAll(res: Response): Promise<string> {
  // ignoreBOM: keep the byte-order mark in the text (the default decoder drops it).
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
}

describe("csvDownload", () => {
  it("streams BOM, header and every batch with the download headers", async () => {
    const s = source(4);
    const res = await csvDownload({ filename: "x_all_2026-11-01_2026-11-30.csv", columns, rows: s.rows });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="x_all_2026-11-01_2026-11-30.csv"');
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await readAll(res);
    expect(text).toBe("\uFEFFn\r\n" + batch(0, 12).map((r) => `${r.n}\r\n`).join(""));
    expect(s.state.finished).toBe(true);
  });

  it("writes only the header when there is nothing", async () => {
    const res = await csvDownload({ filename: "x.csv", columns, rows: source(0).rows });
    expect(await readAll(res)).toBe("\uFEFFn\r\n");
  });

  it("throws (before any Response exists) when the first page fails", async () => {
    const s = source(3, { failAt: 1 });
    await expect(csvDownload({ filename: "x.csv", columns, rows: s.rows })).rejects.toMatchObject({ kind: "unavailable" });
  });

  it("errors the body when a later page fails: the reader rejects, it never ends cleanly", async () => {
    const errors: unknown[] = [];
    const s = source(5, { failAt: 3 });
    const res = await csvDownload({ filename: "x.csv", columns, rows: s.rows, onStreamError: (e) => errors.push(e) });
    const reader = res.body!.getReader();
    const seen: string[] = [];
    const decoder = new TextDecoder();
    await expect(
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return "complete";
          seen.push(decoder.decode(value));
        }
      })(),
    ).rejects.toMatchObject({ kind: "unavailable" });
    expect(seen.join("")).toContain("5\r\n"); // the first two pages went out before the failure
    expect(errors).toHaveLength(1);
    expect(s.state.signal?.aborted).toBe(true);
  });

  it("pulls pages only as fast as the consumer reads (backpressure)", async () => {
    const s = source(1000);
    const res = await csvDownload({ filename: "x.csv", columns, rows: s.rows });
    const reader = res.body!.getReader();
    await reader.read();
    await new Promise((r) => setTimeout(r, 50));
    // One page was read, at most a page or two are buffered ahead: nowhere near all 1000.
    expect(s.state.fetched).toBeLessThanOrEqual(3);
    await reader.cancel();
  });

  it("stops the upstream paging when the download is cancelled", async () => {
    const s = source(1000);
    const res = await csvDownload({ filename: "x.csv", columns, rows: s.rows });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel("user cancelled");
    const fetchedAtCancel = s.state.fetched;
    await new Promise((r) => setTimeout(r, 30));
    expect(s.state.signal?.aborted).toBe(true);
    expect(s.state.finished).toBe(true);
    expect(s.state.fetched).toBe(fetchedAtCancel);
  });

  it("aborts the upstream signal when the request's signal aborts (client gone)", async () => {
    const client = new AbortController();
    const s = source(1000);
    const res = await csvDownload({ filename: "x.csv", columns, rows: s.rows, signal: client.signal });
    const reader = res.body!.getReader();
    await reader.read();
    client.abort();
    expect(s.state.signal?.aborted).toBe(true);
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return "complete";
      })(),
    ).rejects.toBeDefined();
  });

  it("tells onSettled once when the download is over, however it ends, and not before", async () => {
    const drain = async (res: Response) => {
      const reader = res.body!.getReader();
      for (;;) if ((await reader.read()).done) return;
    };
    const settled = (label: string, counts: Record<string, number>) => () => void (counts[label] = (counts[label] ?? 0) + 1);
    const counts: Record<string, number> = {};

    // written to the end: not while the body is still being pulled, once at the end
    const whole = await csvDownload({ filename: "x.csv", columns, rows: source(3).rows, onSettled: settled("whole", counts) });
    expect(counts.whole).toBeUndefined();
    await drain(whole);
    // a failure before the first byte
    await expect(csvDownload({ filename: "x.csv", columns, rows: source(3, { failAt: 1 }).rows, onSettled: settled("first", counts) })).rejects.toBeDefined();
    // a failure after the first byte
    const later = await csvDownload({ filename: "x.csv", columns, rows: source(5, { failAt: 3 }).rows, onSettled: settled("later", counts), onStreamError: () => {} });
    await expect(drain(later)).rejects.toBeDefined();
    // cancelled by the reader
    const cancelled = await csvDownload({ filename: "x.csv", columns, rows: source(1000).rows, onSettled: settled("cancelled", counts) });
    const reader = cancelled.body!.getReader();
    await reader.read();
    expect(counts.cancelled).toBeUndefined();
    await reader.cancel();
    // the client gone while nobody pulls the body any more
    const client = new AbortController();
    const gone = await csvDownload({ filename: "x.csv", columns, rows: source(1000).rows, signal: client.signal, onSettled: settled("gone", counts) });
    await gone.body!.getReader().read();
    expect(counts.gone).toBeUndefined();
    client.abort();

    expect(counts).toEqual({ whole: 1, first: 1, later: 1, cancelled: 1, gone: 1 });
  });
});
