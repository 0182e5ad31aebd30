import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { createFormat } from "@/lib/i18n/format";
import en from "@/messages/en";
import zh from "@/messages/zh-CN";
import { freshnessText } from "./freshness-note";

const NOW = Date.UTC(2026, 10, 23, 10, 0);
const EN = createTranslator({ locale: "en", messages: en, namespace: "archive" });
const ZH = createTranslator({ locale: "zh-CN", messages: zh, namespace: "archive" });
const fmtEn = createFormat("en");
const fmtZh = createFormat("zh-CN");

describe("freshnessText", () => {
  it("says how long ago in plain words, with the source and exact time as details", () => {
    const f = freshnessText(EN, fmtEn, { source: "mixed", syncedAt: NOW - 2 * 60_000 }, NOW);
    expect(f.text).toBe("Updated 2 min. ago");
    expect(f.title).toContain("2026-11-23 09:58 UTC");
    expect(f.title).toContain("live");
    expect(freshnessText(EN, fmtEn, { source: "archive", syncedAt: NOW - 60 * 60_000 }, NOW).text).toBe("Updated 1 hr. ago");
  });
  it("says it in Chinese on a zh-CN page", () => {
    const f = freshnessText(ZH, fmtZh, { source: "mixed", syncedAt: NOW - 2 * 60_000 }, NOW);
    expect(f.text).toBe("2分钟前更新");
    expect(f.title).toContain("2026-11-23 09:58 UTC");
  });
  it("shows the first backfill's progress instead of 'not synced yet'", () => {
    const f = freshnessText(EN, fmtEn, { source: "mixed", syncedAt: null }, NOW, 57);
    expect(f.text).toMatch(/^Building your history — 57 %/);
    expect(f.text).not.toMatch(/not synced/);
  });
  it("never says 'not synced yet'", () => {
    for (const source of ["archive", "mixed", "live"] as const) {
      expect(freshnessText(EN, fmtEn, { source, syncedAt: null }, NOW).text).not.toMatch(/not synced yet/);
    }
  });
});

describe("freshnessText while the history builds", () => {
  it("an answer from what it holds so far says that charts fill in, and which days are missing on hover", () => {
    const pending = [{ startTime: Date.UTC(2026, 9, 1), endTime: Date.UTC(2026, 9, 20) }];
    const f = freshnessText(EN, fmtEn, { source: "archive", syncedAt: null, pending }, NOW, 57);
    expect(f.text).toBe("Building your history — 57 %; charts fill in as it goes");
    expect(f.title).toContain("Not loaded yet: 2026-10-01 – 2026-10-20 (UTC)");
    expect(f.title).toContain("never counted as zero");
    expect(freshnessText(EN, fmtEn, { source: "archive", syncedAt: null, pending: [] }, NOW, 57).text).toBe("Building your history — 57 %; this period is complete");
    expect(freshnessText(EN, fmtEn, { source: "archive", syncedAt: null, pending }, NOW).text).toBe("Building your history; charts fill in as it goes");
  });
  it("says it in Chinese on a zh-CN page", () => {
    const pending = [{ startTime: null, endTime: Date.UTC(2026, 9, 20) }];
    const f = freshnessText(ZH, fmtZh, { source: "archive", syncedAt: null, pending }, NOW, 57);
    expect(f.text).toBe("正在建立历史数据 — 57%；图表随之逐步补全");
    expect(f.title).toContain("尚未加载：2026-10-20 及之前（UTC）");
  });
});
