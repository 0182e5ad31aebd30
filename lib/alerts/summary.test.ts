import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { createFormat } from "@/lib/i18n/format";
import en from "@/messages/en";
import zhCN from "@/messages/zh-CN";
import { episodeSummary, type AlertsTranslate } from "./summary";

const zh = createTranslator({ locale: "zh-CN", messages: zhCN, namespace: "alerts" }) as unknown as AlertsTranslate;
const english = createTranslator({ locale: "en", messages: en, namespace: "alerts" }) as unknown as AlertsTranslate;
const inZh = (ruleKind: string, detail: Record<string, unknown>) => episodeSummary({ ruleKind, summary: "(stored English)", detail }, zh, createFormat("zh-CN"));

describe("an episode's summary in the reader's language", () => {
  it("says each kind in Chinese from its detail (numbers exact, grouped)", () => {
    expect(
      inZh("drop", {
        subAffiliateUid: "S1",
        metric: "volume",
        productType: "SPOT",
        recentFrom: "2026-03-13",
        recentTo: "2026-03-19",
        baselineFrom: "2026-02-13",
        changePercent: "-50.00",
      }),
    ).toBe("下级代理 S1：交易量（现货）最近 7 天较之前 28 天变化 -50.0%");
    expect(inZh("silent", { subAffiliateUid: "S2", productType: "FUTURES", lastActiveDay: "2026-03-01", days: 7 })).toBe("下级代理 S2 自 2026-03-01 起无合约交易量（7+ 天）");
    expect(inZh("dormant", { count: 1234, days: 30, threshold: 10 })).toBe("自上次评估以来，1,234 位邀请用户已达 30 天未交易（阈值 10）");
    expect(inZh("daily", { day: "2026-03-19", timeZone: "Asia/Shanghai", metric: "paidCommission", value: "12345.000000000000000001", direction: "below", threshold: "100000" })).toBe(
      "2026-03-19（Asia/Shanghai）已付佣金：12,345.000000000000000001，低于 100,000",
    );
  });

  it("keeps the stored English for English readers, and when the detail is not what the kind writes", () => {
    expect(episodeSummary({ ruleKind: "dormant", summary: "stored", detail: { count: 1, days: 2, threshold: 3 } }, english, createFormat("en"))).toBe("stored");
    expect(inZh("dormant", { count: "many" })).toBe("(stored English)");
    expect(episodeSummary({ ruleKind: null, summary: "old", detail: {} }, zh, createFormat("zh-CN"))).toBe("old");
  });
});
