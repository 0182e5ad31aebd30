/** Reading the risk flags (a filtered page, newest first) and recording a review of one. */
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { RiskFlagState, RiskFlagsQuery, RiskRuleKey, RiskSeverity, RiskSubjectType } from "@/lib/contract/risk";
import type { Db } from "@/lib/archive/db";
import { riskFlag } from "@/lib/db/schema/risk";

export interface RiskFlag {
  id: string;
  rule: RiskRuleKey;
  severity: RiskSeverity;
  subject: { type: RiskSubjectType; id: string };
  evidence: Record<string, unknown>;
  firstSeenAt: number;
  lastSeenAt: number;
  state: RiskFlagState;
  note: string | null;
  resolvedBy: string | null;
  resolvedAt: number | null;
}

type Row = typeof riskFlag.$inferSelect;
const flagOf = (r: Row): RiskFlag => ({
  id: String(r.id),
  rule: r.rule as RiskRuleKey,
  severity: r.severity as RiskSeverity,
  subject: { type: r.subjectType as RiskSubjectType, id: r.subjectId },
  evidence: r.evidence,
  firstSeenAt: r.firstSeenAt,
  lastSeenAt: r.lastSeenAt,
  state: r.state as RiskFlagState,
  note: r.note,
  resolvedBy: r.resolvedBy,
  resolvedAt: r.resolvedAt,
});

/** One page of the flags the filter selects, the most recently seen first, and how many there are. */
export async function listFlags(db: Db, q: RiskFlagsQuery): Promise<{ items: RiskFlag[]; total: number }> {
  const filters: (SQL | undefined)[] = [
    eq(riskFlag.state, q.state),
    q.rule ? eq(riskFlag.rule, q.rule) : undefined,
    q.severity ? eq(riskFlag.severity, q.severity) : undefined,
    q.subjectType ? eq(riskFlag.subjectType, q.subjectType) : undefined,
    q.subject ? eq(riskFlag.subjectId, q.subject) : undefined,
  ];
  const where = and(...filters);
  const [items, [total]] = await Promise.all([
    db.select().from(riskFlag).where(where).orderBy(desc(riskFlag.lastSeenAt), desc(riskFlag.id)).limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(riskFlag).where(where),
  ]);
  return { items: items.map(flagOf), total: Number(total?.n ?? 0) };
}

export async function getFlag(db: Db, id: string): Promise<RiskFlag | null> {
  const [r] = await db.select().from(riskFlag).where(eq(riskFlag.id, Number(id)));
  return r ? flagOf(r) : null;
}

/**
 * Record a review: dismissed or confirmed with who and when, or open again (the review
 * cleared). A dismissed flag is never reopened by an evaluation, only by a person.
 */
export async function reviewFlag(db: Db, id: string, review: { state: "open" | "dismissed" | "confirmed"; note?: string }, by: string, now: number): Promise<RiskFlag | null> {
  const resolved = review.state !== "open";
  const [r] = await db
    .update(riskFlag)
    .set({ state: review.state, note: review.note ?? null, resolvedBy: resolved ? by : null, resolvedAt: resolved ? now : null })
    .where(eq(riskFlag.id, Number(id)))
    .returning();
  return r ? flagOf(r) : null;
}
