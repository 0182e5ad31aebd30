/**
 * Evaluating the risk rules on the archive (never a WEEX request): one statement per rule finds
 * where it holds, groups the firings into episodes, and records them, so a flag fires once per
 * episode whatever the number of evaluations or instances (the unique episode key and
 * INSERT … ON CONFLICT), is updated while it holds (its evidence, last seen), keeps a review
 * (a dismissed or confirmed flag stays so), and is closed as `expired` when the data it was
 * found on no longer shows it. Only episodes starting at or after `since` are touched: an
 * incremental pass after a sync looks at the recent days, a full pass (since 0) at everything.
 */
import { sql } from "drizzle-orm";
import type { RiskRuleKey } from "@/lib/contract/risk";
import type { DatasetKey } from "@/lib/archive/settings";
import { rows, type Db } from "@/lib/archive/db";
import { RISK_RULES, type RiskParams } from "./rules";
import { ruleSettings } from "./settings";

export interface RuleOutcome {
  rule: RiskRuleKey;
  /** flags fired by this pass */
  fired: number;
  /** flags that still hold (fired included) */
  held: number;
  expired: number;
}

/**
 * The one statement of a rule's pass. The data is read from twice the look-back plus the
 * episode gap before `since`, so that every window at or after `since - lookback - gap` is
 * whole and an episode that began before `since` is seen to begin there (and left alone).
 */
async function evaluateRule(db: Db, rule: RiskRuleKey, p: RiskParams, since: number, now: number): Promise<RuleOutcome> {
  const def = RISK_RULES[rule];
  const gap = def.gapMs(p);
  const from = since <= 0 ? 0 : Math.max(0, since - 2 * def.lookbackMs(p) - gap);
  // the subject's type: the rule's, or the query's own per firing (`subjectTypes`)
  const subjectType = def.subjectTypes ? sql`q.subject_type` : sql`${def.subjectType}::text`;
  const [r] = await rows<{ fired: number | string; held: number | string; expired: number | string }>(
    db,
    sql`WITH found AS (SELECT subject_id, at, evidence, ${subjectType} AS subject_type FROM (${def.query(p, from)}) q),
      starts AS (SELECT subject_type, subject_id, at, evidence,
        CASE WHEN at - lag(at) OVER (PARTITION BY subject_type, subject_id ORDER BY at) <= ${gap}::bigint THEN 0 ELSE 1 END AS starts FROM found),
      grouped AS (SELECT subject_type, subject_id, at, evidence, sum(starts) OVER (PARTITION BY subject_type, subject_id ORDER BY at) AS grp FROM starts),
      episodes AS (SELECT DISTINCT ON (subject_type, subject_id, grp) subject_type, subject_id, min(at) OVER (PARTITION BY subject_type, subject_id, grp) AS episode_at, evidence
        FROM grouped ORDER BY subject_type, subject_id, grp, at DESC),
      up AS (INSERT INTO risk_flag (rule, severity, subject_type, subject_id, episode_at, evidence, first_seen_at, last_seen_at)
        SELECT ${rule}, ${def.severity}, subject_type, subject_id, episode_at, evidence, ${now}::bigint, ${now}::bigint
        FROM episodes WHERE episode_at >= ${since}::bigint
        ON CONFLICT (rule, subject_type, subject_id, episode_at) DO UPDATE SET evidence = EXCLUDED.evidence, last_seen_at = EXCLUDED.last_seen_at,
          state = CASE WHEN risk_flag.state = 'expired' THEN 'open' ELSE risk_flag.state END,
          resolved_at = CASE WHEN risk_flag.state = 'expired' THEN NULL ELSE risk_flag.resolved_at END
        RETURNING id, (xmax = 0) AS fresh),
      gone AS (UPDATE risk_flag SET state = 'expired', resolved_at = ${now}::bigint
        WHERE rule = ${rule} AND state = 'open' AND episode_at >= ${since}::bigint AND id NOT IN (SELECT id FROM up) RETURNING id)
      SELECT (SELECT count(*) FROM up WHERE fresh) AS fired, (SELECT count(*) FROM up) AS held, (SELECT count(*) FROM gone) AS expired`,
  );
  return { rule, fired: Number(r?.fired ?? 0), held: Number(r?.held ?? 0), expired: Number(r?.expired ?? 0) };
}

export interface EvaluateOptions {
  now: number;
  /** episodes starting from here on (ms; 0: the whole archive) */
  since: number;
  /** only the rules that read one of these datasets (after a sync of them); default every rule */
  datasets?: readonly DatasetKey[];
  /** only these rules */
  rules?: readonly RiskRuleKey[];
}

/** Evaluate the enabled rules one after the other (one short statement each). */
export async function evaluateRisk(db: Db, opts: EvaluateOptions): Promise<RuleOutcome[]> {
  const out: RuleOutcome[] = [];
  for (const s of await ruleSettings(db)) {
    if (!s.enabled) continue;
    if (opts.rules && !opts.rules.includes(s.rule)) continue;
    if (opts.datasets && !RISK_RULES[s.rule].reads.some((d) => opts.datasets!.includes(d))) continue;
    out.push(await evaluateRule(db, s.rule, s.params, opts.since, opts.now));
  }
  return out;
}
