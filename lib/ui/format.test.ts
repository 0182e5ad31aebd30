import { describe, expect, it } from "vitest";
import { Dec } from "@/lib/contract/decimal";
import { decimalPercent, formatCount, formatDecimal, plainDecimal } from "./format";

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
    expect(formatDecimal(new Dec("-12.35"), { locale: "en-US", signed: true, maxFractionDigits: 1 })).toBe("-12.4");
    expect(formatDecimal("0", { locale: "en-US", signed: true })).toBe("0");
    expect(formatDecimal("-0.04", { locale: "en-US", signed: true, maxFractionDigits: 1 })).toBe("0");
    expect(formatDecimal("999.96", { locale: "en-US", maxFractionDigits: 1 })).toBe("1,000");
  });
  it("rounds on the digits exactly as decimal.js does (half away from zero, minimal text)", () => {
    const values = ["12.345", "-12.35", "0.05", "-0.05", "0.949", "9.995", "-9.995", "123456789012345678.987654321", "0.000001", "5", "-0.5", "1.25", "1.35", "99.999"];
    let seed = 7;
    for (let i = 0; i < 200; i++) {
      seed = (seed * 48271) % 2147483647;
      const int = String(seed % 10_000);
      const frac = String(seed).padStart(10, "0").slice(0, 1 + (seed % 9));
      values.push(`${seed % 3 ? "" : "-"}${int}.${frac}`);
    }
    for (const v of values) {
      for (const digits of [0, 1, 2, 4]) {
        const expected = new Dec(v).toDecimalPlaces(digits);
        const text = expected.isZero() ? "0" : expected.toFixed();
        expect(formatDecimal(v, { locale: "en-US", maxFractionDigits: digits }).replace(/,/g, ""), `${v} to ${digits}`).toBe(text);
      }
    }
  });
  it("passes non-decimal text through untouched", () => {
    expect(formatDecimal("n/a")).toBe("n/a");
  });
});

describe("plainDecimal (text only: the digits stay, the point moves, as decimal.js writes it)", () => {
  const cases = ["1.5E+3", "1E-8", "-2.50e-3", "0.000e5", "-0E3", "12.345e1", "12.345e-1", ".5e1", "5.e-1", "1e0", "123456789012345678.123456789e-20", "9.99e17"];
  it.each(cases)("%s", (text) => {
    expect(plainDecimal(text)).toBe(new Dec(text).isZero() ? "0" : new Dec(text).toFixed());
  });
  it("leaves plain text, absurd exponents and non-decimals as received", () => {
    expect(plainDecimal(" 100.50 ")).toBe("100.50");
    expect(plainDecimal("1e999999")).toBe("1e999999");
    expect(plainDecimal("e5")).toBe("e5");
    expect(formatDecimal("1e999999")).toBe("1e999999");
  });
});

describe("decimalPercent", () => {
  it.each([
    ["0.001", "0.1"],
    ["0.0002", "0.02"],
    ["1", "100"],
    ["-0.00125", "-0.125"],
    ["2E-4", "0.02"],
    ["0", "0"],
  ])("%s → %s %%, exactly as decimal.js times 100", (rate, percent) => {
    expect(decimalPercent(rate)).toBe(percent);
    expect(decimalPercent(rate)).toBe(new Dec(rate).times(100).toFixed());
  });
  it("passes non-decimal text through", () => {
    expect(decimalPercent("n/a")).toBe("n/a");
  });
});

describe("formatCount", () => {
  it("groups an integer", () => {
    expect(formatCount(1234567, "en-US")).toBe("1,234,567");
    expect(formatCount("9007199254740993", "en-US")).toBe("9,007,199,254,740,993");
  });
});
