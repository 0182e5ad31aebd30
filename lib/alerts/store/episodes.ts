/**
 * alert_episode: what fired. At most one open episode per (rule, subject) — the unique index
 * alert_episode_open — so "fire once per episode" holds under any race.
 */
import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { alertEpisode, type AlertEpisodeRow } from "@/lib/db/schema/alerts";
import { RULE_KINDS, type EpisodeView, type RuleKind } from "@/lib/contract/alerts";
import { offsetOf, type Q, type Tx } from "./shared";

const KINDS: readonly string[] = RULE_KINDS;

const episodeView = (r: AlertEpisodeRow): EpisodeView => ({
  id: String(r.id),
  ruleId: r.ruleId,
  ruleName: r.ruleName,
  ruleKind: r.ruleKind && KINDS.includes(r.ruleKind) ? (r.ruleKind as RuleKind) : null,
  subject: r.subject,
  summary: r.summary,
  detail: r.detail,
  openedAt: r.openedAt,
  resolvedAt: r.resolvedAt,
});

export async function openEpisodes(db: Q, ruleId: string): Promise<EpisodeView[]> {
  const r = await db
    .select()
    .from(alertEpisode)
    .where(and(eq(alertEpisode.ruleId, ruleId), isNull(alertEpisode.resolvedAt)));
  return r.map(episodeView);
}

/** Opens an episode unless one is open for (rule, subject) already; null then. */
export async function openEpisode(tx: Tx, rule: { id: string; name: string; kind: RuleKind }, f: { subject: string; summary: string; detail: Record<string, unknown> }, now: number): Promise<EpisodeView | null> {
  const [r] = await tx
    .insert(alertEpisode)
    .values({ ruleId: rule.id, ruleName: rule.name, ruleKind: rule.kind, subject: f.subject, summary: f.summary, detail: f.detail, openedAt: now })
    .onConflictDoNothing({ target: [alertEpisode.ruleId, alertEpisode.subject], where: sql`resolved_at IS NULL` })
    .returning();
  return r ? episodeView(r) : null;
}

export async function resolveEpisode(tx: Tx, id: string, now: number): Promise<EpisodeView | null> {
  const [r] = await tx
    .update(alertEpisode)
    .set({ resolvedAt: now })
    .where(and(eq(alertEpisode.id, Number(id)), isNull(alertEpisode.resolvedAt)))
    .returning();
  return r ? episodeView(r) : null;
}

/** A deleted rule's open episodes end with it. */
export async function resolveOpenEpisodesOf(db: Q, ruleId: string, now: number): Promise<void> {
  await db
    .update(alertEpisode)
    .set({ resolvedAt: now })
    .where(and(eq(alertEpisode.ruleId, ruleId), isNull(alertEpisode.resolvedAt)));
}

const STATES: Record<"open" | "resolved", SQL> = { open: isNull(alertEpisode.resolvedAt), resolved: isNotNull(alertEpisode.resolvedAt) };

export async function listEpisodes(db: Q, q: { page: number; pageSize: number; state?: "open" | "resolved" }): Promise<{ items: EpisodeView[]; total: number }> {
  const where = q.state ? STATES[q.state] : undefined;
  const [items, [total]] = await Promise.all([
    db.select().from(alertEpisode).where(where).orderBy(desc(alertEpisode.openedAt), desc(alertEpisode.id)).limit(q.pageSize).offset(offsetOf(q)),
    db.select({ n: count() }).from(alertEpisode).where(where),
  ]);
  return { items: items.map(episodeView), total: total?.n ?? 0 };
}
