import { describe, expect, it } from "vitest";
import { INTL_WARMUP_SCRIPT } from "./intl-warmup-script";

describe("the Intl warm-up script", () => {
  it("builds each formatter in a task of its own, in the page's language", () => {
    const queued: (() => void)[] = [];
    const made: string[] = [];
    // Intl as the script sees it: the real formatters, each construction (and its first use) recorded
    const kinds = ["NumberFormat", "PluralRules", "DateTimeFormat", "RelativeTimeFormat"] as const;
    const intl = Object.fromEntries(
      kinds.map((k) => [
        k,
        function Recorded(locale: string, options?: object) {
          const f = new (Intl[k] as unknown as new (l: string, o?: object) => object)(locale, options);
          made.push(`${k} ${locale}`);
          return f;
        },
      ]),
    );
    const run = new Function("document", "setTimeout", "Intl", INTL_WARMUP_SCRIPT);
    run({ documentElement: { lang: "zh-CN" } }, (f: () => void, ms: number) => queued.push(() => (expect(ms).toBe(0), f())), intl);
    // nothing is built inline: the parser's task stays short
    expect(made).toEqual([]);
    expect(queued).toHaveLength(5);
    const perTask = queued.map((task) => {
      const before = made.length;
      task();
      return made.slice(before);
    });
    expect(perTask).toEqual([["NumberFormat zh-CN"], ["PluralRules zh-CN"], ["DateTimeFormat zh-CN"], ["DateTimeFormat en-US"], ["RelativeTimeFormat zh-CN"]]);
  });
});
