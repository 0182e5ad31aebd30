import { describe, expect, it } from "vitest";
import { Dec } from "@/lib/contract/decimal";
import { AMOUNT_DIGITS, decimalPercent, formatAmount, formatCount, formatDecimal, OTHER_COIN_DIGITS, plainDecimal } from "./format";

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

describe("formatAmount (amounts for reading, the exact string kept beside)", () => {
  const en = { locale: "en-US" };
  it("USDT: two decimals, grouped, rounded half away from zero and padded", () => {
    // the KPI card of the issue: 60,131.6678718 beside 121,862,363.48
    expect(formatAmount("60131.6678718", "USDT", en)).toBe("60,131.67");
    expect(formatAmount("121862363.48", "USDT", en)).toBe("121,862,363.48");
    expect(formatAmount("5", "USDT", en)).toBe("5.00");
    expect(formatAmount("0.5", "usdt", en)).toBe("0.50");
    expect(formatAmount("2.345", "USDT", en)).toBe("2.35");
    expect(formatAmount("999.995", "USDT", en)).toBe("1,000.00");
    expect(formatAmount("0", "USDT", en)).toBe("0.00");
    expect(formatAmount("1.5E+3", "USDT", en)).toBe("1,500.00");
  });
  it("BTC: eight decimals (the satoshi)", () => {
    expect(formatAmount("0.000123456789", "BTC", en)).toBe("0.00012346");
    expect(formatAmount("1", "BTC", en)).toBe("1.00000000");
    expect(formatAmount("21000000.123456785", "BTC", en)).toBe("21,000,000.12345679");
    expect(AMOUNT_DIGITS.BTC).toBe(8);
  });
  it("negative values keep their sign; deltas may be signed", () => {
    expect(formatAmount("-1234.567", "USDT", en)).toBe("-1,234.57");
    expect(formatAmount("-0.005", "USDT", en)).toBe("-0.01");
    expect(formatAmount("1234.567", "USDT", { ...en, signed: true })).toBe("+1,234.57");
    expect(formatAmount("-0", "USDT", { ...en, signed: true })).toBe("0.00");
  });
  it("huge values keep every integer digit (no float on the way)", () => {
    expect(formatAmount("123456789012345678901234.567", "USDT", en)).toBe("123,456,789,012,345,678,901,234.57");
    expect(formatAmount("9007199254740993.999", "USDT", en)).toBe("9,007,199,254,740,994.00");
  });
  it("a value that is not zero never reads as zero", () => {
    expect(formatAmount("0.004", "USDT", en)).toBe("<0.01");
    expect(formatAmount("-0.0049", "USDT", en)).toBe(">-0.01");
    expect(formatAmount("0.000000001", "BTC", en)).toBe("<0.00000001");
    expect(formatAmount("0.000000001", "ETH", en)).toBe("<0.00000001");
  });
  it("other coins: at most eight decimals, trailing zeros dropped", () => {
    expect(OTHER_COIN_DIGITS).toBe(8);
    expect(formatAmount("0.5", "ETH", en)).toBe("0.5");
    expect(formatAmount("1234.123456789", "DOGE", en)).toBe("1,234.12345679");
    expect(formatAmount("3.10000000000", "ETH", en)).toBe("3.1");
    expect(formatAmount("7", "ETH", en)).toBe("7");
  });
  it("shows only: the exact string is untouched, and non-decimal text passes through", () => {
    const exact = "60131.6678718";
    formatAmount(exact, "USDT", en);
    expect(exact).toBe("60131.6678718");
    expect(plainDecimal("6.01316678718E+4")).toBe(exact);
    expect(formatAmount("--", "USDT", en)).toBe("--");
  });
  it("uses the locale's separators", () => {
    expect(formatAmount("1234567.256", "USDT", { locale: "de-DE" })).toBe("1.234.567,26");
    expect(formatAmount("0.001", "USDT", { locale: "de-DE" })).toBe("<0,01");
    expect(formatAmount("1234567.256", "USDT", { locale: "zh-CN" })).toBe("1,234,567.26");
  });
});
