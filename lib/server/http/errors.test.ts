import { describe, expect, it } from "vitest";
import { decodeResponse } from "@/lib/weex/codec";
import { requestSchema } from "@/lib/weex/codec";
import { ENDPOINTS } from "@/lib/weex/endpoints";
import { upstreamError, validationError, WeexError } from "@/lib/weex/errors";
import { fieldIssues, fromWeexError } from "./errors";

/** What the exchange client throws for an answer of spotOrder. */
function decoded(status: number, text: string): WeexError {
  try {
    decodeResponse(ENDPOINTS.spotOrder, status, text);
  } catch (e) {
    if (e instanceof WeexError) return e;
    throw e;
  }
  throw new Error("expected an error");
}

/** The error as a route answers it. */
function answered(e: WeexError) {
  const api = fromWeexError(e);
  return { status: api.status, body: api.toBody(), retryAfterSeconds: api.details.retryAfterSeconds };
}

describe("errors: non-2xx answers and the mapping to the dashboard's codes", () => {
  it.each([
    [400, '{"code":-1140,"msg":"Either orderId or origClientOrderId must be sent."}', "upstream", 502, "upstream_error"],
    [400, '{"code":"-1140","msg":"as a string"}', "upstream", 502, "upstream_error"],
    [401, '{"code":-1047,"msg":"signature check failed"}', "upstream", 502, "upstream_error"],
    [400, '{"code":-2200,"msg":"Order does not exist"}', "not_found", 404, "not_found"],
    [521, "IP not whitelisted", "upstream", 502, "upstream_error"],
    [503, "<html>Service Unavailable</html>", "unavailable", 503, "upstream_unavailable"],
    [500, '{"code":-1000,"msg":"internal"}', "unavailable", 503, "upstream_unavailable"],
    [429, "", "rate_limited", 429, "rate_limited"],
    [404, "not json", "upstream", 502, "upstream_error"],
  ])("HTTP %i %s → %s → %i %s", (status, text, kind, httpStatus, code) => {
    const e = decoded(status, text);
    expect(e.kind).toBe(kind);
    expect(e.upstream?.status).toBe(status);
    const api = answered(e);
    expect(api.status).toBe(httpStatus);
    expect(api.body.error.code).toBe(code);
    expect(api.body.error.upstream?.status).toBe(status);
  });

  it("keeps the upstream code and msg in the dashboard error", () => {
    const api = answered(decoded(401, '{"code":-1047,"msg":"signature check failed"}'));
    expect(api.body.error.upstream).toEqual({ status: 401, code: "-1047", msg: "signature check failed" });
  });

  it("maps the client-side kinds too", () => {
    expect(answered(new WeexError("timeout", "slow"))).toMatchObject({ status: 504, body: { error: { code: "upstream_timeout" } } });
    expect(answered(new WeexError("malformed", "bad"))).toMatchObject({ status: 502, body: { error: { code: "upstream_error" } } });
    expect(answered(new WeexError("rate_limited", "busy", { retryAfterMs: 2500 }))).toMatchObject({ status: 429, retryAfterSeconds: 3 });
    const r = requestSchema(ENDPOINTS.placeOrder).safeParse({});
    const v = answered(validationError(r.error!.issues));
    expect(v.status).toBe(400);
    expect(v.body.error.fields?.map((f) => f.path)).toContain("newClientOrderId");
  });

  // (what the client integration tests met against the simulator: the kinds they assert there)
  it("an unknown order is 404, a refused signature 502, the client's own order cap 429", () => {
    expect(answered(upstreamError(400, "-2200", "Order does not exist")).status).toBe(404);
    expect(answered(upstreamError(401, "-1047", "signature check failed"))).toMatchObject({ status: 502, body: { error: { code: "upstream_error" } } });
    expect(answered(new WeexError("rate_limited", "not sent", { retryAfterMs: 55_000 }))).toMatchObject({ status: 429, body: { error: { code: "rate_limited" } } });
  });
});

describe("fieldIssues: zod issues of our input as fields", () => {
  it("names each unknown key on its own path and the input as a whole by `root`", () => {
    const issues = [
      { code: "unrecognized_keys", keys: ["a", "b"], path: ["body"], message: "Unrecognized keys" },
      { path: ["pageSize"], message: "must be at most 100" },
      { path: [], message: "end before start" },
    ];
    expect(fieldIssues(issues)).toEqual([
      { path: "body.a", message: "is not a known field" },
      { path: "body.b", message: "is not a known field" },
      { path: "pageSize", message: "must be at most 100" },
      { path: "(input)", message: "end before start" },
    ]);
    expect(fieldIssues([{ path: [], message: "x" }], "(body)")[0].path).toBe("(body)");
  });
});
