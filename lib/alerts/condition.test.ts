import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { createFormat } from "@/lib/i18n/format";
import { RULE_DEFAULTS, RULE_KINDS, RULE_KIND_PARAMS, readParam, type RuleKind } from "@/lib/contract/alert-kinds";
import { RULE_PARAMS } from "@/lib/contract/alerts";
import en from "@/messages/en";
import zhCN from "@/messages/zh-CN";
import { conditionText } from "./condition";
import { episodeMessage } from "./message";
import type { AlertsTranslate } from "./summary";

const say = {
  en: (kind: RuleKind, params: object) => conditionText({ kind, params }, createTranslator({ locale: "en", messages: en, namespace: "alerts" }) as unknown as AlertsTranslate, createFormat("en")),
  zh: (kind: RuleKind, params: object) => conditionText({ kind, params }, createTranslator({ locale: "zh-CN", messages: zhCN, namespace: "alerts" }) as unknown as AlertsTranslate, createFormat("zh-CN")),
};

describe("a rule's condition in words", () => {
  it("drop: the metric's fall over recent days against the days before, and the products", () => {
    expect(say.en("drop", RULE_DEFAULTS.drop)).toBe("volume fell by 40 % or more over 7 days against the 28 days before, SPOT and FUTURES");
    expect(say.en("drop", { ...RULE_DEFAULTS.drop, metric: "commission", productType: "FUTURES", percent: 12.5 })).toBe(
      "paid commission fell by 12.5 % or more over 7 days against the 28 days before, FUTURES",
    );
    expect(say.zh("drop", RULE_DEFAULTS.drop)).toBe("交易量在 7 天内较之前 28 天下降 40% 或以上，现货和合约");
  });

  it("silent: days without volume, and the products", () => {
    expect(say.en("silent", { productType: "SPOT", days: 14 })).toBe("a sub-affiliate that had records had no volume for 14 days or more, SPOT");
    expect(say.zh("silent", { productType: "both", days: 7 })).toBe("有交易记录的下级代理连续 7 天或以上无交易量，现货和合约");
  });

  it("dormant: how many invitees crossed how many days without a trade (counts grouped)", () => {
    expect(say.en("dormant", { days: 30, count: 1500 })).toBe("1,500 or more invitees crossed 30 days without a trade since the last check");
    expect(say.zh("dormant", { days: 30, count: 10 })).toBe("自上次检查以来，10 位或以上邀请用户达到 30 天未交易");
  });

  it("daily: a day's total above or below an exact threshold", () => {
    expect(say.en("daily", { metric: "newInvitees", direction: "above", threshold: "1000000.000000000000000001" })).toBe("a day's new invitees was above 1,000,000.000000000000000001");
    expect(say.zh("daily", RULE_DEFAULTS.daily)).toBe("单日已付佣金低于 0");
  });

  it("says every kind with its defaults where a parameter is missing, never as JSON", () => {
    for (const kind of RULE_KINDS) {
      expect(say.en(kind, {})).toBe(say.en(kind, RULE_DEFAULTS[kind]));
      for (const text of [say.en(kind, {}), say.zh(kind, {})]) expect(text).not.toMatch(/[{}"]/);
    }
  });
});

describe("the kinds' parameter table", () => {
  it("is what the server checks: each default passes, each bound is the schema's", () => {
    for (const kind of RULE_KINDS) {
      expect(RULE_PARAMS[kind].parse({})).toEqual(RULE_DEFAULTS[kind]);
      for (const [name, spec] of Object.entries(RULE_KIND_PARAMS[kind])) {
        if (spec.type !== "int") continue;
        for (const [n, ok] of [[spec.min, true], [spec.max, true], [spec.min - 1, false], [spec.max + 1, false]] as const) {
          expect(RULE_PARAMS[kind].safeParse({ [name]: n }).success, `${kind}.${name} = ${n}`).toBe(ok);
          expect("value" in readParam(spec, String(n)), `form ${kind}.${name} = ${n}`).toBe(ok);
        }
      }
    }
  });

  it("reads a form's text as the API takes it, or names what is wrong", () => {
    const p = RULE_KIND_PARAMS.drop;
    expect(readParam(p.days, " 14 ")).toEqual({ value: 14 });
    expect(readParam(p.days, "1.5")).toEqual({ problem: "int", min: 1, max: 90 });
    expect(readParam(p.percent, "0")).toEqual({ problem: "number", above: 0, max: 100 });
    expect(readParam(p.percent, "100")).toEqual({ value: 100 });
    expect(readParam(p.metric, "fees")).toEqual({ problem: "choice", options: ["volume", "commission"] });
    expect(readParam(RULE_KIND_PARAMS.daily.threshold, "12.5")).toEqual({ value: "12.5" });
    expect(readParam(RULE_KIND_PARAMS.daily.threshold, "1e3")).toEqual({ problem: "decimal" });
  });
});

describe("a message about an episode", () => {
  const episode = { id: "1", ruleId: "r", ruleName: "Quiet", ruleKind: "dormant" as const, subject: "network", summary: "2 invitees…", openedAt: 0, resolvedAt: null, detail: { count: 2, uids: ["b", "a"] } };

  it("says the rule's condition in the destination's language (text, HTML, webhook), and a detail's list as a list, not JSON", () => {
    const m = episodeMessage("fired", { id: "r", name: "Quiet", kind: "dormant", params: { days: 30, count: 10 } }, episode, "zh-CN");
    expect(m.text).toContain("条件：自上次检查以来，10 位或以上邀请用户达到 30 天未交易");
    expect(m.html).toContain("10 位或以上邀请用户达到 30 天未交易");
    expect(m.body).toMatchObject({ rule: { condition: "条件：自上次检查以来，10 位或以上邀请用户达到 30 天未交易" } });
    expect(m.text).toContain("uids: b, a");
    expect(m.text).not.toContain('["');
    expect(episodeMessage("fired", { id: "r", name: "Quiet", kind: "dormant", params: { days: 30, count: 10 } }, episode, "en").text).toContain(
      "Condition: 10 or more invitees crossed 30 days without a trade since the last check",
    );
  });
});
