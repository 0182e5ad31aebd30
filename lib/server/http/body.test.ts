import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, readBodyText } from "./body";
import { ApiError } from "./errors";

/** A request whose body never ends: `pulled` says how many chunks were asked for. */
function endless(headers: Record<string, string> = {}, chunk = 16 * 1024) {
  const state = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled++;
      controller.enqueue(new Uint8Array(chunk).fill(0x61));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { req: new Request("http://x/", { method: "PUT", body, headers, duplex: "half" } as RequestInit), state };
}

describe("readBodyText", () => {
  it("reads a body within the limit as text", async () => {
    const req = new Request("http://x/", { method: "PUT", body: JSON.stringify({ locale: "zh-CN", note: "语言" }) });
    expect(JSON.parse(await readBodyText(req))).toEqual({ locale: "zh-CN", note: "语言" });
    expect(await readBodyText(new Request("http://x/", { method: "PUT", body: "x".repeat(MAX_BODY_BYTES) }))).toHaveLength(MAX_BODY_BYTES);
    expect(await readBodyText(new Request("http://x/"))).toBe("");
  });

  it("stops at the first chunk past the limit of a body without a length: 413, the rest never asked for", async () => {
    const { req, state } = endless();
    const err = await readBodyText(req).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: "payload_too_large", status: 413, message: "The request body is larger than 64 KB." });
    // 64 KB in 16 KB chunks: the fifth passes the limit; the stream may have pulled one ahead
    expect(state.pulled).toBeLessThanOrEqual(MAX_BODY_BYTES / (16 * 1024) + 2);
    const settled = state.pulled;
    await new Promise((r) => setTimeout(r, 50));
    expect(state.pulled).toBe(settled);
    // not cancelled: cancelling would destroy the request (and Node its socket) before the answer
    expect(state.cancelled).toBe(false);
  });

  it("refuses a declared length past the limit before reading anything", async () => {
    const { req, state } = endless({ "content-length": String(MAX_BODY_BYTES + 1) });
    await new Promise((r) => setTimeout(r, 20)); // (a stream pulls once by itself, to fill its queue)
    const pulledBefore = state.pulled;
    await expect(readBodyText(req)).rejects.toMatchObject({ code: "payload_too_large" });
    expect(state.pulled).toBe(pulledBefore);
  });
});
