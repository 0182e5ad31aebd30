/**
 * Evaluating the risk rules on the archive (never a WEEX request): a statement per rule and
 * chunk of subjects finds where it holds, groups the firings into episodes, and records them, so a flag fires once per
 * episode whatever the number of evaluations or instances (the unique episode key and
 * INSERT … ON CONFLICT), is updated while it holds (its evidence, last seen), keeps a review
 * (a dismissed or confirmed flag stays so), and is closed as `expired` when the data it was
 * found on no longer shows it. Only episodes starting at or after `since` are touched (a full
 * pass: since 0). After a sync the pass reads only the subjects whose rows the sync wrote
 * (pass-subjects.ts; a subject's flags depend on its own rows alone), from a little before the first
 * row it wrote, and from the start of the subject's episode in progress then: each subject's
 * flags come out as a full pass makes them. Each statement reads one chunk of subjects, and the
 * pass yields between statements, so a person's request is never held behind a long one (the
 * embedded database answers one statement at a time, on the server's own thread).
 */
import { sql } from "drizzle-orm";
import type { RiskRuleKey } from "@/lib/contract/risk";
import type { DatasetKey } from "@/lib/archive/settings";
import { rows, type Db } from "@/lib/archive/db";
import { DAY_MS } from "@/lib/time/calendar";
import { onlySubjects, type Only } from "./only";
import { RISK_RULES, type RiskParams } from "./rules";
import type { Changed } from "./pass-subjects";
import { ruleSettings, type RuleSetting } from "./settings";

/** Subjects per statement: a chunk's rows are read in tens of milliseconds at the simulator's 10×. */
export const SUBJECTS_PER_STATEMENT = 500;

export interface RuleOutcome {
  rule: RiskRuleKey;
  /** flags fired by this pass */
  fired: number;
  /** flags that still hold (fired included) */
  held: number;
  expired: number;
}

/**
 * The statement of a rule's pass over one chunk of subjects. The data is read from the
 * look-back plus the episode gap before `since`, so that every window at or after
 * `since - gap` is whole: an episode found to begin at or after `since` begins there, and one
 * that began before is seen to (and left alone; a flag it swallowed expires, as in a full pass).
 */
async function evaluateRule(db: Db, rule: RiskRuleKey, p: RiskParams, since: number, now: number, only: Only): Promise<RuleOutcome> {
  const def = RISK_RULES[rule];
  const gap = def.gapMs(p);
  const from = since <= 0 ? 0 : Math.max(0, since - def.lookbackMs(p) - gap);
  // the subject's type: the rule's, or the query's own per firing (`subjectTypes`)
  const subjectType = def.subjectTypes ? sql`q.subject_type` : sql`${def.subjectType}::text`;
  const [r] = await rows<{ fired: number | string; held: number | string; expired: number | string }>(
    db,
    sql`WITH found AS (SELECT subject_id, at, evidence, ${subjectType} AS subject_type FROM (${def.query(p, from, only)}) q),
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
        WHERE rule = ${rule} AND state = 'open' AND episode_at >= ${since}::bigint AND ${only(sql`subject_id`)} AND id NOT IN (SELECT id FROM up) RETURNING id)
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
  /**
   * after a sync: what it wrote; only the subjects of those rows (and, when it may have removed
   * rows, those with an open flag of the rule) are evaluated, from `CHANGED_MARGIN_MS` before
   * the range (`since` is ignored)
   */
  changed?: Changed;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * How far before the first row a sync wrote a changed position can lie: a week (a week's
 * deposits period, a registration's week) and a day (a burst's window) of margin.
 */
export const CHANGED_MARGIN_MS = 8 * DAY_MS;

/**
 * One rule's pass: its subjects in chunks, one statement each, yielding between them. A
 * subject's episodes from `since` on are decided again; so is its latest standing episode begun
 * before (a sync's rows can carry it on: its evidence moves), so that subject's pass starts at
 * that episode. Subjects are sorted by where they start, so a chunk reads back no further than
 * its subjects need.
 */
async function rulePass(db: Db, s: RuleSetting, opts: EvaluateOptions): Promise<RuleOutcome> {
  const def = RISK_RULES[s.rule];
  const margin = opts.changed ? opts.changed.from - CHANGED_MARGIN_MS : 0;
  const since = opts.changed ? Math.max(0, def.changedFrom ? def.changedFrom(s.params, margin) : margin) : opts.since;
  const types = def.subjectTypes ?? [def.subjectType];
  const flagged = !opts.changed || opts.changed.removals ? sql` UNION SELECT subject_id FROM risk_flag WHERE rule = ${s.rule} AND state = 'open'` : sql``;
  const subjects = await rows<{ subject_id: string; since: unknown }>(
    db,
    sql`SELECT s.subject_id, COALESCE((SELECT max(f.episode_at) FROM risk_flag f WHERE f.rule = ${s.rule} AND f.subject_type IN (SELECT jsonb_array_elements_text(${JSON.stringify(types)}::jsonb))
        AND f.subject_id = s.subject_id AND f.state <> 'expired' AND f.episode_at < ${since}::bigint), ${since}::bigint) AS since
      FROM (${def.subjects(opts.changed ?? null)}${flagged}) s ORDER BY 2, 1`,
  );
  const out: RuleOutcome = { rule: s.rule, fired: 0, held: 0, expired: 0 };
  for (let k = 0; k < subjects.length; k += SUBJECTS_PER_STATEMENT) {
    await nextTurn();
    const chunk = subjects.slice(k, k + SUBJECTS_PER_STATEMENT);
    const r = await evaluateRule(db, s.rule, s.params, Number(chunk[0]!.since), opts.now, onlySubjects(chunk.map((c) => c.subject_id)));
    out.fired += r.fired;
    out.held += r.held;
    out.expired += r.expired;
  }
  return out;
}

/** Evaluate the enabled rules one after the other (short statements, one chunk of subjects each). */
export async function evaluateRisk(db: Db, opts: EvaluateOptions): Promise<RuleOutcome[]> {
  const out: RuleOutcome[] = [];
  for (const s of await ruleSettings(db)) {
    if (!s.enabled) continue;
    if (opts.rules && !opts.rules.includes(s.rule)) continue;
    if (opts.datasets && !RISK_RULES[s.rule].reads.some((d) => opts.datasets!.includes(d))) continue;
    out.push(await rulePass(db, s, opts));
  }
  return out;
}
