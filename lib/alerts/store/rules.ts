/** alert_rule: the rules, as the API's views. Deleted rules stay (their episodes are history). */
import { and, asc, eq, isNull } from "drizzle-orm";
import { alertRule, type AlertRuleRow } from "@/lib/db/schema/alerts";
import type { RuleInput, RuleKind, RuleParams, RuleView } from "@/lib/contract/alerts";
import { resolveOpenEpisodesOf } from "./episodes";
import { newId, type Q } from "./shared";

function ruleView(r: AlertRuleRow): RuleView {
  return {
    id: r.id,
    name: r.name,
    kind: r.kind as RuleKind,
    params: r.params as RuleParams,
    timeZone: r.timeZone,
    quiet: r.quietFrom && r.quietTo ? { from: r.quietFrom, to: r.quietTo } : null,
    destinationIds: r.destinationIds,
    enabled: r.enabled,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    lastEvaluatedAt: r.lastEvaluatedAt,
  };
}

export async function listRules(db: Q, opts: { enabledOnly?: boolean } = {}): Promise<RuleView[]> {
  const live = isNull(alertRule.deletedAt);
  const r = await db
    .select()
    .from(alertRule)
    .where(opts.enabledOnly ? and(live, eq(alertRule.enabled, true)) : live)
    .orderBy(asc(alertRule.createdAt), asc(alertRule.id));
  return r.map(ruleView);
}

export async function getRule(db: Q, id: string): Promise<RuleView | null> {
  const [r] = await db
    .select()
    .from(alertRule)
    .where(and(eq(alertRule.id, id), isNull(alertRule.deletedAt)));
  return r ? ruleView(r) : null;
}

/** What a rule's input or view sets of its row (the same columns on create and update). */
const ruleColumns = (r: Pick<RuleView, "name" | "params" | "timeZone" | "quiet" | "destinationIds" | "enabled">) => ({
  name: r.name,
  params: r.params,
  timeZone: r.timeZone,
  quietFrom: r.quiet?.from ?? null,
  quietTo: r.quiet?.to ?? null,
  destinationIds: r.destinationIds,
  enabled: r.enabled,
});

export async function createRule(db: Q, input: RuleInput, now: number): Promise<RuleView> {
  const id = newId();
  await db.insert(alertRule).values({ id, kind: input.kind, ...ruleColumns(input), createdAt: now, updatedAt: now });
  return (await getRule(db, id))!;
}

export async function updateRule(db: Q, rule: RuleView, now: number): Promise<RuleView> {
  await db
    .update(alertRule)
    .set({ ...ruleColumns(rule), updatedAt: now })
    .where(eq(alertRule.id, rule.id));
  return (await getRule(db, rule.id))!;
}

/** Deleted rules keep their episodes (history); their open episodes are resolved. */
export async function deleteRule(db: Q, id: string, now: number): Promise<boolean> {
  const r = await db
    .update(alertRule)
    .set({ deletedAt: now, enabled: false })
    .where(and(eq(alertRule.id, id), isNull(alertRule.deletedAt)))
    .returning({ id: alertRule.id });
  if (r.length) await resolveOpenEpisodesOf(db, id, now);
  return r.length > 0;
}

export async function markEvaluated(db: Q, id: string, at: number): Promise<void> {
  await db.update(alertRule).set({ lastEvaluatedAt: at }).where(eq(alertRule.id, id));
}
