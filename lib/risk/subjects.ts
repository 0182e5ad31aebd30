/**
 * The open flags of the subjects a table shows (a badge per row): per subject its highest
 * severity, its rules (each once, in the rules' order) and how many flags, in one statement.
 */
import { and, count, eq, inArray } from "drizzle-orm";
import { RISK_RULE_KEYS, RISK_SEVERITIES, type RiskRuleKey, type RiskSeverity, type RiskSubjectFlags, type RiskSubjectType } from "@/lib/contract/risk";
import type { Db } from "@/lib/archive/db";
import { riskFlag } from "@/lib/db/schema/risk";

export async function openFlagsOf(db: Db, subjectType: RiskSubjectType, ids: readonly string[]): Promise<RiskSubjectFlags[]> {
  const found = await db
    .select({ id: riskFlag.subjectId, rule: riskFlag.rule, severity: riskFlag.severity, n: count() })
    .from(riskFlag)
    .where(and(eq(riskFlag.state, "open"), eq(riskFlag.subjectType, subjectType), inArray(riskFlag.subjectId, [...new Set(ids)])))
    .groupBy(riskFlag.subjectId, riskFlag.rule, riskFlag.severity);
  const bySubject = new Map<string, RiskSubjectFlags>();
  for (const r of found) {
    const s = bySubject.get(r.id) ?? { subject: { type: subjectType, id: r.id }, severity: "low" as RiskSeverity, rules: [], count: 0 };
    const severity = r.severity as RiskSeverity;
    if (RISK_SEVERITIES.indexOf(severity) > RISK_SEVERITIES.indexOf(s.severity)) s.severity = severity;
    if (!s.rules.includes(r.rule as RiskRuleKey)) s.rules.push(r.rule as RiskRuleKey);
    s.count += Number(r.n);
    bySubject.set(r.id, s);
  }
  const order = (k: RiskRuleKey) => RISK_RULE_KEYS.indexOf(k);
  // ids in the request's order, so an answer is the same however the database grouped it
  return ids.flatMap((id) => {
    const s = bySubject.get(id);
    bySubject.delete(id);
    return s ? [{ ...s, rules: s.rules.sort((a, b) => order(a) - order(b)) }] : [];
  });
}
