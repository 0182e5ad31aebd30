import { describe, expect, it } from "vitest";
import { freshnessText } from "./freshness-note";

const NOW = Date.UTC(2026, 10, 23, 10, 0);

describe("freshnessText", () => {
  it("says how long ago in plain words, with the source and exact time as details", () => {
    const f = freshnessText({ source: "mixed", syncedAt: NOW - 2 * 60_000 }, NOW);
    expect(f.text).toBe("Updated 2 min ago");
    expect(f.title).toContain("2026-11-23 09:58 UTC");
    expect(f.title).toContain("live");
    expect(freshnessText({ source: "archive", syncedAt: NOW - 60 * 60_000 }, NOW).text).toBe("Updated 1 h ago");
  });
  it("shows the first backfill's progress instead of 'not synced yet'", () => {
    const f = freshnessText({ source: "mixed", syncedAt: null }, NOW, 57);
    expect(f.text).toMatch(/^Building your history — 57 %/);
    expect(f.text).not.toMatch(/not synced/);
  });
  it("while the history builds, an answer from what it holds so far says that charts fill in, and which days are missing on hover", () => {
    const pending = [{ startTime: Date.UTC(2026, 9, 1), endTime: Date.UTC(2026, 9, 20) }];
    const f = freshnessText({ source: "archive", syncedAt: null, pending }, NOW, 57);
    expect(f.text).toBe("Building your history — 57 %; charts fill in as it goes");
    expect(f.title).toContain("Not loaded yet: 2026-10-01 – 2026-10-20 (UTC)");
    expect(f.title).toContain("never counted as zero");
    expect(freshnessText({ source: "archive", syncedAt: null, pending: [] }, NOW, 57).text).toBe("Building your history — 57 %; this period is complete");
    expect(freshnessText({ source: "archive", syncedAt: null, pending }, NOW).text).toBe("Building your history; charts fill in as it goes");
  });
  it("never says 'not synced yet'", () => {
    for (const source of ["archive", "mixed", "live"] as const) {
      expect(freshnessText({ source, syncedAt: null }, NOW).text).not.toMatch(/not synced yet/);
    }
  });
});
