/**
 * The rules' settings as an admin left them (risk_rule_setting; no row: enabled, defaults), and
 * the check of a change against each parameter's bounds in the rules' table.
 */
import { sql } from "drizzle-orm";
import { readParam } from "@/lib/contract/alert-kinds";
import { RISK_RULE_KEYS, type RiskRuleKey } from "@/lib/contract/risk";
import { rows, type Db } from "@/lib/archive/db";
import { RISK_RULES, type RiskParams } from "./rules";

export interface RuleSetting {
  rule: RiskRuleKey;
  enabled: boolean;
  /** every parameter: the admin's value, else the default */
  params: RiskParams;
}

/** The rule's defaults under the stored values (a stored parameter the table no longer has is left out). */
function paramsOf(rule: RiskRuleKey, stored: Record<string, unknown>): RiskParams {
  const specs = RISK_RULES[rule].params;
  return Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, typeof stored[name] === "number" ? (stored[name] as number) : spec.default]));
}

export async function ruleSettings(db: Db): Promise<RuleSetting[]> {
  const stored = await rows<{ rule: string; enabled: boolean; params: Record<string, unknown> }>(db, sql`SELECT rule, enabled, params FROM risk_rule_setting`);
  const byRule = new Map(stored.map((r) => [r.rule, r]));
  return RISK_RULE_KEYS.map((rule) => {
    const s = byRule.get(rule);
    return { rule, enabled: s?.enabled ?? true, params: paramsOf(rule, s?.params ?? {}) };
  });
}

/** A parameter out of its bounds or unknown: the field (`params.<name>`) and why. */
export interface ParamProblem {
  field: string;
  message: string;
}

/** The changed parameters checked against the rule's table: the values, or the first problem. */
export function checkParams(rule: RiskRuleKey, input: Record<string, number | string>): { params: RiskParams } | ParamProblem {
  const specs = RISK_RULES[rule].params;
  const params: RiskParams = {};
  for (const [name, value] of Object.entries(input)) {
    const spec = specs[name];
    if (!spec) return { field: `params.${name}`, message: `is not a parameter of ${rule} (${Object.keys(specs).join(", ")})` };
    const read = readParam(spec, String(value));
    if ("value" in read) {
      params[name] = read.value as number;
      continue;
    }
    const message = spec.type === "int" ? `must be a whole number from ${spec.min} to ${spec.max}` : `must be a number above ${spec.above} and at most ${spec.max}`;
    return { field: `params.${name}`, message };
  }
  return { params };
}

/** Store a rule's change (parameters merged into what it had); answers its setting now. */
export async function saveRuleSetting(db: Db, rule: RiskRuleKey, change: { enabled?: boolean; params?: RiskParams }, by: string, now: number): Promise<RuleSetting> {
  const current = (await ruleSettings(db)).find((s) => s.rule === rule)!;
  const enabled = change.enabled ?? current.enabled;
  const params = { ...current.params, ...change.params };
  await db.execute(sql`INSERT INTO risk_rule_setting (rule, enabled, params, updated_at, updated_by)
    VALUES (${rule}, ${enabled}, ${JSON.stringify(params)}::jsonb, ${now}, ${by})
    ON CONFLICT (rule) DO UPDATE SET enabled = EXCLUDED.enabled, params = EXCLUDED.params, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`);
  return { rule, enabled, params };
}
