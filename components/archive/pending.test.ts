import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/messages/en";
import { isPartial, pendingText, refetchWhilePartial, PENDING_REFETCH_MS } from "./pending";

const DAY = 86_400_000;
const D = Date.UTC(2026, 10, 23);
const EN = createTranslator({ locale: "en", messages: en, namespace: "archive" });

describe("pending stretches of an answer during the first backfill", () => {
  it("names them oldest first, a single day once", () => {
    expect(pendingText(EN, [{ startTime: D, endTime: D + DAY - 1 }, { startTime: D - 60 * DAY, endTime: D - 30 * DAY - 1 }])).toBe("Not loaded yet: 2026-09-24 – 2026-10-23, 2026-11-23 (UTC)");
    expect(pendingText(EN, [{ startTime: null, endTime: D - 1 }])).toBe("Not loaded yet: up to 2026-11-22 (UTC)");
    expect(pendingText(EN, [])).toBeNull();
    expect(pendingText(EN, undefined)).toBeNull();
  });
  it("asks again while anything is pending, and stops once nothing is", () => {
    const partial = { freshness: { source: "archive" as const, syncedAt: null, pending: [{ startTime: D, endTime: D + 1 }] } };
    const whole = { freshness: { source: "archive" as const, syncedAt: null, pending: [] } };
    expect(isPartial(partial)).toBe(true);
    expect(isPartial(whole)).toBe(false);
    expect(isPartial({ freshness: { source: "mixed", syncedAt: D } })).toBe(false);
    expect(refetchWhilePartial({ state: { data: partial } })).toBe(PENDING_REFETCH_MS);
    expect(refetchWhilePartial({ state: { data: whole } })).toBe(false);
    expect(refetchWhilePartial({ state: { data: undefined } })).toBe(false);
  });
});
