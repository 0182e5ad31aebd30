/**
 * The `riskFlag` alert kind: a risk flag (lib/risk) raised after the rule was made, of the
 * rule's `minSeverity` or above, is one finding — its own subject, the flag's id — for as long
 * as it is open. So a flag notifies once, however many evaluations see it (an open episode per
 * rule and subject: episodes.ts), and its episode resolves when someone reviews the flag or
 * changed data closes it. A flag whose alert has resolved is never found again: one opened
 * again (by a person, or by data that shows it once more) does not notify a second time.
 * Reads the flags only: the risk evaluation wrote them from the archive after a sync.
 */
import { sql } from "drizzle-orm";
import { rows, toMs, type Db } from "@/lib/archive/db";
import type { RuleParams } from "@/lib/contract/alerts";
import { RISK_SEVERITIES, type RiskSubjectType } from "@/lib/contract/risk";

/** The subject types as the stored English summary names them (the other languages: `alerts.summary.subjectTypes`). */
const SUBJECT_WORDS: Record<RiskSubjectType, string> = { invitee: "invitee", subAffiliate: "sub-affiliate", inviteCode: "invite code", account: "account" };

interface FlagRow {
  id: string;
  rule: string;
  severity: string;
  subject_type: RiskSubjectType;
  subject_id: string;
  evidence: Record<string, unknown>;
  first_seen_at: unknown;
}

/** The open flags of the rule's severities raised since it was made, but those it has alerted about and seen end. */
export async function riskFlagFindings(db: Db, rule: { id: string; params: object; createdAt: number }): Promise<{ subject: string; summary: string; detail: Record<string, unknown> }[]> {
  const p = rule.params as RuleParams<"riskFlag">;
  const severities = RISK_SEVERITIES.slice(RISK_SEVERITIES.indexOf(p.minSeverity));
  const found = await rows<FlagRow>(
    db,
    sql`SELECT f.id::text AS id, f.rule, f.severity, f.subject_type, f.subject_id, f.evidence, f.first_seen_at FROM risk_flag f
      WHERE f.state = 'open' AND f.first_seen_at >= ${rule.createdAt}::bigint AND f.severity IN (${sql.join(
        severities.map((s) => sql`${s}`),
        sql`, `,
      )})
        AND NOT EXISTS (SELECT 1 FROM alert_episode e WHERE e.rule_id = ${rule.id} AND e.subject = f.id::text AND e.resolved_at IS NOT NULL)
      ORDER BY f.id`,
  );
  return found.map((f) => ({
    subject: f.id,
    summary: `New ${f.severity} risk flag ${f.id}: ${f.rule} on ${SUBJECT_WORDS[f.subject_type] ?? f.subject_type} ${f.subject_id}`,
    detail: {
      flagId: f.id,
      rule: f.rule,
      severity: f.severity,
      subjectType: f.subject_type,
      subject: f.subject_id,
      firstSeenAt: toMs(f.first_seen_at),
      // (the figures that made it fire, each a field of its own: a message lists a detail's values as text)
      ...Object.fromEntries(Object.entries(f.evidence).map(([k, v]) => [`evidence.${k}`, v])),
    },
  }));
}

/** When the flags last changed (raised, seen again, reviewed or closed): a change is something new for the rules to look at. */
export async function riskFlagsChangedAt(db: Db): Promise<number | null> {
  const [r] = await rows<{ at: unknown }>(db, sql`SELECT max(GREATEST(last_seen_at, COALESCE(resolved_at, 0))) AS at FROM risk_flag`);
  return toMs(r?.at);
}
