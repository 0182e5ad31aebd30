import { describe, expect, it } from "vitest";
import { runPercent } from "./progress";

describe("runPercent", () => {
  it("counts the pages of the slice being fetched, not only finished slices", () => {
    // The case: one slice, page 17 of 19 → 16 of 19 pages are in.
    expect(runPercent({ slicesDone: 0, slices: 1, current: { page: 17, pages: 19 } })).toBe(84);
  });
  it("adds finished slices and the current slice's fraction", () => {
    expect(runPercent({ slicesDone: 2, slices: 4, current: { page: 6, pages: 10 } })).toBe(62);
  });
  it("counts whole slices while the current slice's page count is unknown", () => {
    expect(runPercent({ slicesDone: 1, slices: 4, current: { page: 1, pages: null } })).toBe(25);
  });
  it("is 100 when every slice is done and null without slices", () => {
    expect(runPercent({ slicesDone: 3, slices: 3, current: null })).toBe(100);
    expect(runPercent({ slicesDone: 0, slices: 0, current: null })).toBeNull();
  });
});
