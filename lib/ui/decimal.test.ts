import { describe, expect, it } from "vitest";
import { change, chartNumber, sumDecimals } from "./decimal";

describe("exact sums", () => {
  it("adds without losing digits (decimal.js default precision would round at 20 digits)", () => {
    expect(sumDecimals(["123456789012345678.123456789", "0.000000000000000001"]).toFixed()).toBe("123456789012345678.123456789000000001");
    expect(sumDecimals(["0.1", "0.2"]).toFixed()).toBe("0.3");
  });
  it("computes delta and percentage against the previous value", () => {
    const c = change("150", "100");
    expect(c.delta.toFixed()).toBe("50");
    expect(c.percent?.toFixed()).toBe("50");
    expect(change("5", "0").percent).toBeNull();
    expect(change("50", "100").percent?.toFixed()).toBe("-50");
  });
  it("chartNumber is a plain number for bar heights", () => {
    expect(chartNumber("1.5E+3")).toBe(1500);
  });
});
