import { describe, expect, it } from "vitest";
import { chooseLocale, negotiateLocale } from "./locales";

describe("negotiateLocale", () => {
  it.each([
    ["zh-CN,zh;q=0.9,en;q=0.8", "zh-CN"],
    ["en-US,en;q=0.9,zh-CN;q=0.8", "en"],
    ["zh", "zh-CN"],
    ["zh-Hans-CN", "zh-CN"],
    ["de-DE,zh-SG;q=0.5", "zh-CN"],
    ["en;q=0.2, zh-CN;q=0.7", "zh-CN"],
    ["zh-TW,en;q=0.5", "en"],
    ["zh-Hant", null],
    ["fr-FR", null],
    ["", null],
    ["*;q=0, zh-CN;q=0", null],
  ])("%s → %s", (header, want) => {
    expect(negotiateLocale(header)).toBe(want);
  });
});

describe("chooseLocale", () => {
  it("prefers the saved choice, then the cookie, then Accept-Language, then English", () => {
    expect(chooseLocale({ saved: "zh-CN", cookie: "en", acceptLanguage: "en" })).toBe("zh-CN");
    expect(chooseLocale({ saved: null, cookie: "zh-CN", acceptLanguage: "en" })).toBe("zh-CN");
    expect(chooseLocale({ cookie: "klingon", acceptLanguage: "zh-CN" })).toBe("zh-CN");
    expect(chooseLocale({ acceptLanguage: "fr" })).toBe("en");
    expect(chooseLocale({})).toBe("en");
  });
});
