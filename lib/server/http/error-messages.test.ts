import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BODIES } from "@/lib/contract/queries";
import en from "@/messages/en";
import { decodeResponse } from "@/lib/weex/codec";
import { ENDPOINTS } from "@/lib/weex/endpoints";
import { upstreamError, validationError, WeexError } from "@/lib/weex/errors";
import { ApiError, fieldError, fieldIssues, fromWeexError, invalidInput } from "./errors";
import { localizeErrorBody, placeholderNames } from "./error-messages";

/** The body a route sends for a schema's failure (as route.ts builds it). */
function invalid(schema: z.ZodType, value: unknown) {
  const r = schema.safeParse(value);
  expect(r.success).toBe(false);
  return invalidInput(fieldIssues(r.error!.issues)).toBody();
}

const HAN = /[\u4e00-\u9fff]/;
/** Every literal run of three or more English words in the English catalogue's error messages. */
const ENGLISH_PHRASES = [...Object.values(en.errors.messages), ...Object.values(en.errors.fields)]
  .flatMap((m) => m.split(/\{\w+\}/))
  .map((s) => s.trim())
  .filter((s) => s.split(/\s+/).length >= 3);

function expectChinese(text: string) {
  expect(text).toMatch(HAN);
  for (const phrase of ENGLISH_PHRASES) expect(text, phrase).not.toContain(phrase);
}

describe("API error messages in the request's language", () => {
  it("sends English exactly as written", () => {
    const body = invalid(BODIES["/api/contract/plan-orders"], { symbol: "cmt_btcusdt" });
    expect(localizeErrorBody(body, "en")).toBe(body);
  });

  it("says our own field messages and the summary in Chinese, paths and codes unchanged", () => {
    const body = invalid(BODIES["/api/contract/plan-orders"], { symbol: "cmt_btcusdt", clientOrderId: "c-1", planType: "loss_plan", triggerPrice: "abc", size: "0.01", positionSide: "long", bogus: 1 });
    const zh = localizeErrorBody(body, "zh-CN");
    expect(zh.error.code).toBe("validation_error");
    expect(zh.error.fields!.map((f) => f.path)).toEqual(body.error.fields!.map((f) => f.path));
    for (const f of zh.error.fields!) expectChinese(f.message);
    expect(zh.error.fields).toContainEqual({ path: "triggerPrice", message: '必须是十进制数字字符串，例如 "0.01"' });
    expect(zh.error.fields).toContainEqual({ path: "bogus", message: "不是已知字段" });
    expect(zh.error.message).toBe(`输入无效：${body.error.fields![0]!.path} ${zh.error.fields![0]!.message}`);
  });

  it("words zod's own issues with zod's Chinese locale, the received type kept", () => {
    const body = invalid(z.strictObject({ name: z.string(), count: z.number().min(3) }), { name: 7, count: 1 });
    const zh = localizeErrorBody(body, "zh-CN");
    expect(zh.error.fields).toEqual([
      { path: "name", message: "无效输入：期望 string，实际接收 数字" },
      { path: "count", message: "数值过小：期望 number >=3" },
    ]);
    for (const f of zh.error.fields!) expectChinese(f.message);
    expectChinese(zh.error.message);
  });

  it("renders values into the other language's template (ids, numbers and WEEX's words stay as they are)", () => {
    const cases: [ApiError, string][] = [
      [new ApiError("not_found", "There is no alert rule 42."), "没有提醒规则 42。"],
      [fieldError("destinationIds", "names no destination: 7, 9"), "输入无效：destinationIds 没有对应的接收端：7, 9"],
      [fromWeexError(upstreamError(400, "-1140", "Bad thing")), "WEEX 拒绝了请求：Bad thing"],
      [fromWeexError(upstreamError(503, undefined, undefined)), "WEEX 暂不可用（HTTP 503）"],
    ];
    for (const [e, want] of cases) expect(localizeErrorBody(e.toBody(), "zh-CN").error.message).toBe(want);
  });

  it("renders the value routes' messages: the referral check's turn, an uid that is no invitee, a bad uid list", () => {
    expect(localizeErrorBody(new ApiError("rate_limited", "A referral check of yours is still running; start the next one when it has finished.").toBody(), "zh-CN").error.message).toBe(
      "您的另一个推荐关系核验仍在进行中；请在它完成后再开始下一个。",
    );
    expect(localizeErrorBody(new ApiError("not_found", "1000 is not one of your direct invitees (WEEX: nope).").toBody(), "zh-CN").error.message).toBe("1000 不是您的直接邀请用户（WEEX：nope）。");
    const tooMany = invalid(BODIES["/api/affiliate/referrals/verify"], { uids: Array.from({ length: 10_001 }, (_, i) => String(i + 1)) });
    expect(localizeErrorBody(tooMany, "zh-CN").error.fields![0].message).toBe("最多只能填写 10000 个 uid");
    expect(localizeErrorBody(invalid(BODIES["/api/affiliate/referrals/verify"], { uids: [] }), "zh-CN").error.fields![0].message).toBe("必须至少填写一个 uid");
  });

  it("renders the exchange client's messages: validation, malformed answers, a placement that may have gone through", () => {
    const v = fromWeexError(validationError([{ code: "custom", path: ["endTime"], message: "must be within the past 90 days", input: undefined } as never]));
    expect(localizeErrorBody(v.toBody(), "zh-CN").error.message).toBe("输入无效：endTime 必须在过去 90 天内");
    let malformed: WeexError | undefined;
    try {
      decodeResponse(ENDPOINTS.spotOrder, 200, "not json");
    } catch (e) {
      malformed = e as WeexError;
    }
    expect(localizeErrorBody(fromWeexError(malformed!).toBody(), "zh-CN").error.message).toBe(`WEEX 对 ${ENDPOINTS.spotOrder.path} 的响应不是 JSON`);
    const placed = new WeexError(
      "unavailable",
      'WEEX is unavailable (HTTP 502). The order may have been placed: check the orders for client order id "c-9" before resending, and resend with the same client order id.',
    );
    const zh = localizeErrorBody(fromWeexError(placed).toBody(), "zh-CN").error.message;
    expect(zh).toContain("WEEX 暂不可用（HTTP 502）");
    expect(zh).toContain('"c-9"');
    expectChinese(zh);
  });

  it("leaves a message no template knows in English rather than guess", () => {
    const body = new ApiError("upstream_error", "Something entirely new happened").toBody();
    expect(localizeErrorBody(body, "zh-CN").error.message).toBe("Something entirely new happened");
  });

  it("reads placeholder names from ICU text and from the build's precompiled catalogue form", () => {
    expect(placeholderNames("Invalid input: {path} {message}")).toEqual(["path", "message"]);
    // icu-minify's compiled form (next.config.mjs precompiles the catalogues in the build)
    expect(placeholderNames(["Invalid input: ", ["path"], " ", ["message"]])).toEqual(["path", "message"]);
    expect(placeholderNames("Invalid input")).toEqual([]);
  });

  it("says a partner's 403s in Chinese: not their view, nothing of that kind in it, a field outside it", () => {
    const denied = new ApiError("forbidden", "This is not part of a partner's view; you are signed in as kol (partner).").toBody();
    expectChinese(localizeErrorBody(denied, "zh-CN").error.message);
    const lacks = new ApiError("forbidden", "Your view has no sub-affiliates; you are signed in as kol (partner).").toBody();
    expect(localizeErrorBody(lacks, "zh-CN").error.message).toContain("sub-affiliates");
    expect(localizeErrorBody(lacks, "zh-CN").error.message).toMatch(HAN);
    const outside = new ApiError("forbidden", "subUid: not in your view.", { fields: [{ path: "subUid", message: "is not in your view" }] }).toBody();
    const zh = localizeErrorBody(outside, "zh-CN");
    expectChinese(zh.error.message);
    expect(zh.error.fields).toEqual([{ path: "subUid", message: expect.stringMatching(HAN) }]);
  });

  it("says a share link's 403s in Chinese: a fixed filter, the period, an invitee it cannot place", () => {
    const body = new ApiError("forbidden", "inviteCode, startTime, uid: outside this share link's view.", {
      fields: [
        { path: "inviteCode", message: "must be SPRING: this share link shows only that" },
        { path: "startTime", message: "must lie within this share link's period (2026-10-31T00:00:00.000Z – 2026-11-29T23:59:59.999Z in UTC, or its comparison)" },
        { path: "uid", message: "cannot be told to be an invitee of this share link's invite codes: the archive does not hold them yet, and a link limited to invite codes makes no live read to find out" },
      ],
    }).toBody();
    const zh = localizeErrorBody(body, "zh-CN");
    expectChinese(zh.error.message);
    for (const f of zh.error.fields!) expect(f.message, f.path).toMatch(HAN);
    expect(zh.error.fields![0]!.message).toContain("SPRING");
    expect(zh.error.fields![1]!.message).toContain("2026-10-31T00:00:00.000Z");
  });
});
