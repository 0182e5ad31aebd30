/**
 * A rule's condition in words, in any language: "volume fell by 40 % or more over 7 days
 * against the 28 days before, SPOT and FUTURES". Client-safe and pure: the /alerts page and
 * the messages sent to a destination say a condition the same way, from the kind's parameter
 * table (lib/contract/alert-kinds.ts) and the `alerts.conditions` messages — never as JSON.
 */
import { RULE_KIND_PARAMS, type ParamSpec, type RuleKind } from "@/lib/contract/alert-kinds";
import type { Format } from "@/lib/i18n/format";
import type { AlertsTranslate } from "./summary";

/** One parameter's value as the sentence says it: a choice in words, a number grouped (its default where the rule has none). */
function said(spec: ParamSpec, value: unknown, t: AlertsTranslate, f: Format): string {
  const v = value ?? spec.default;
  switch (spec.type) {
    case "choice":
      return t(`conditions.values.${String(v)}`);
    case "int":
      return f.count(Number(v));
    case "number":
    case "decimal":
      return f.decimal(String(v));
  }
}

/** The condition of a rule of `kind` with `params`, in the translator's language. */
export function conditionText(rule: { kind: RuleKind; params: object }, t: AlertsTranslate, f: Format): string {
  const specs: Record<string, ParamSpec> = RULE_KIND_PARAMS[rule.kind];
  const params = rule.params as Record<string, unknown>;
  const values = Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, said(spec, params[name], t, f)]));
  return t(`conditions.${rule.kind}`, values);
}
