import { describe, expect, it } from "vitest";
import { downloadCsv, filenameFrom } from "./download";

const CSV_HEADERS = { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="sub-affiliates_all_2026-11-01_2026-11-30.csv"' };

/** A fetch that answers with the given body chunks, optionally breaking off after them. */
function fetchStreaming(chunks: string[], opts: { breakOff?: boolean } = {}): typeof fetch {
  return async () => {
    const enc = new TextEncoder();
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (i < chunks.length) c.enqueue(enc.encode(chunks[i++]));
        else if (opts.breakOff) c.error(new TypeError("terminated"));
        else c.close();
      },
    });
    return new Response(body, { status: 200, headers: CSV_HEADERS });
  };
}

describe("downloadCsv", () => {
  it("returns the complete file, its name and the row count, reporting progress", async () => {
    const progress: number[] = [];
    const file = await downloadCsv("/x", { fetch: fetchStreaming(["\uFEFFa,b\r\n1,2\r\n", "3,4\r\n5,6\r\n"]), onProgress: (n) => progress.push(n) });
    expect(file.filename).toBe("sub-affiliates_all_2026-11-01_2026-11-30.csv");
    expect(file.rows).toBe(3);
    expect(progress).toEqual([1, 3]);
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe("a,b\r\n1,2\r\n3,4\r\n5,6\r\n");
  });

  it("fails, with no file, when the body breaks off mid-way", async () => {
    await expect(downloadCsv("/x", { fetch: fetchStreaming(["a\r\n1\r\n"], { breakOff: true }) })).rejects.toMatchObject({ code: "incomplete_download" });
  });

  it("turns an error response into the contract's message", async () => {
    const fetch502 = (async () =>
      new Response(JSON.stringify({ error: { code: "upstream_error", message: "WEEX answered with an error: boom", upstream: { status: 400, code: "-1140" } } }), {
        status: 502,
        headers: { "content-type": "application/json" },
      })) as typeof fetch;
    await expect(downloadCsv("/x", { fetch: fetch502 })).rejects.toMatchObject({ status: 502, code: "upstream_error", message: "WEEX answered with an error: boom" });
  });

  it("rejects with the abort when cancelled", async () => {
    const ctrl = new AbortController();
    const never: typeof fetch = async (_u, init) =>
      new Response(
        new ReadableStream({
          start(c) {
            c.enqueue(new TextEncoder().encode("a\r\n"));
            init?.signal?.addEventListener("abort", () => c.error(init.signal!.reason));
          },
        }),
        { headers: CSV_HEADERS },
      );
    const p = downloadCsv("/x", { fetch: never, signal: ctrl.signal });
    setTimeout(() => ctrl.abort(), 10);
    await expect(p).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("filenameFrom", () => {
  it("reads quoted, bare and RFC 5987 names", () => {
    expect(filenameFrom('attachment; filename="a b.csv"')).toBe("a b.csv");
    expect(filenameFrom("attachment; filename=a.csv")).toBe("a.csv");
    expect(filenameFrom("attachment; filename=\"x.csv\"; filename*=UTF-8''%C3%BC.csv")).toBe("ü.csv");
    expect(filenameFrom(null)).toBeNull();
    expect(filenameFrom("inline")).toBeNull();
  });
});
