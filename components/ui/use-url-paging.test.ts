import { describe, expect, it } from "vitest";
import { correctPaging } from "./use-url-paging";

const SIZES = [20, 50, 100] as const;

describe("correctPaging", () => {
  it("corrects a page below 1 and an oversized page size to the nearest valid values, saying so once", () => {
    const r = correctPaging(-1, 100_000, SIZES);
    expect(r).toMatchObject({ page: 1, size: 100 });
    expect(r.corrected).toEqual({ page: { from: -1, to: 1 }, size: { from: 100_000, to: 100, choices: SIZES } });
  });
  it("picks the nearest allowed size, not always the first", () => {
    expect(correctPaging(1, 0, SIZES).size).toBe(20);
    expect(correctPaging(1, 45, SIZES).size).toBe(50);
  });
  it("leaves valid values alone without a notice", () => {
    expect(correctPaging(3, 50, SIZES)).toEqual({ page: 3, size: 50, corrected: null });
  });
});
