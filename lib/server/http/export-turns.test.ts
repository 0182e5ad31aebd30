import { describe, expect, it } from "vitest";
import { asParty } from "@/lib/weex/party";
import { localizeErrorBody } from "./error-messages";
import { ApiError } from "./errors";
import { EXPORT_RETRY_AFTER_SECONDS, takeExportTurn } from "./export-turns";

/** What taking a turn as `party` does: the give-back function, or the error. */
const take = (party: string | undefined) => asParty(party, () => {
  try {
    return takeExportTurn();
  } catch (e) {
    return e as ApiError;
  }
});

describe("one export walk in flight per person", () => {
  it("refuses the same person's second export with rate_limited and Retry-After; another person's goes; the turn comes back once", () => {
    const giveBack = take("export-user-1");
    expect(giveBack).toBeTypeOf("function");
    const refused = take("export-user-1");
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: "rate_limited", status: 429, details: { retryAfterSeconds: EXPORT_RETRY_AFTER_SECONDS } });
    expect(localizeErrorBody((refused as ApiError).toBody(), "zh-CN").error.message).toBe("您的另一个导出仍在进行中；请在它完成后再开始下一个。");

    const other = take("export-user-2");
    expect(other).toBeTypeOf("function");

    (giveBack as () => void)();
    const again = take("export-user-1");
    expect(again).toBeTypeOf("function");
    // giving the first turn back a second time does not free the turn taken since
    (giveBack as () => void)();
    expect(take("export-user-1")).toBeInstanceOf(ApiError);
    (again as () => void)();
    (other as () => void)();
  });

  it("holds nothing outside a party", () => {
    const a = take(undefined);
    const b = take(undefined);
    expect([typeof a, typeof b]).toEqual(["function", "function"]);
  });
});
