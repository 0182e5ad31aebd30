import { describe, expect, it } from "vitest";
import { change, formatDecimal, plainDecimal, sumDecimals } from "./decimal";

describe("formatDecimal", () => {
  it("groups the integer part and keeps every fraction digit", () => {
    expect(formatDecimal("1234567.000000000000000001", { locale: "en-US" })).toBe("1,234,567.000000000000000001");
    expect(formatDecimal("123456789012345678.123456789", { locale: "en-US" })).toBe("123,456,789,012,345,678.123456789");
    expect(formatDecimal("0.000000000000000001", { locale: "en-US" })).toBe("0.000000000000000001");
  });
  it("keeps trailing zeros as received and handles signs and exponents", () => {
    expect(formatDecimal("100.50000000", { locale: "en-US" })).toBe("100.50000000");
    expect(formatDecimal("-1234.5", { locale: "en-US" })).toBe("-1,234.5");
    expect(formatDecimal("1E-8", { locale: "en-US" })).toBe("0.00000001");
    expect(formatDecimal("-0.0", { locale: "en-US" })).toBe("0.0");
  });
  it("uses the locale's separators", () => {
    expect(formatDecimal("1234567.25", { locale: "de-DE" })).toBe("1.234.567,25");
  });
  it("signs and rounds only when asked (ratios, never amounts)", () => {
    expect(formatDecimal("12.345", { locale: "en-US", signed: true, maxFractionDigits: 1 })).toBe("+12.3");
    expect(formatDecimal("0", { locale: "en-US", signed: true })).toBe("0");
  });
  it("passes non-decimal text through untouched", () => {
    expect(formatDecimal("n/a")).toBe("n/a");
  });
});

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
  it("plainDecimal expands exponents", () => {
    expect(plainDecimal("1.5E+3")).toBe("1500");
  });
});
