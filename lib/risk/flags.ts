/**
 * Reading the risk flags (a filtered page, the most recently seen first; how many of each
 * severity; every flag of a filter batch by batch, the newest first) and recording a review of one.
 */
import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { RISK_SEVERITIES, type RiskFlagState, type RiskFlagsFilter, type RiskRuleKey, type RiskSeverity, type RiskSubjectType } from "@/lib/contract/risk";
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

/** The filter's filters but those named in `except`: one place, so the list, its counts, the commission at risk and the export select alike. */
export function flagWhere(q: RiskFlagsFilter, except: readonly ("state" | "severity")[] = []): SQL | undefined {
  const filters: (SQL | undefined)[] = [
    except.includes("state") ? undefined : eq(riskFlag.state, q.state),
    q.rule ? eq(riskFlag.rule, q.rule) : undefined,
    except.includes("severity") || !q.severity ? undefined : eq(riskFlag.severity, q.severity),
    q.subjectType ? eq(riskFlag.subjectType, q.subjectType) : undefined,
    q.subject ? eq(riskFlag.subjectId, q.subject) : undefined,
    // (seen in the range: first seen before its end, last seen at or after its start)
    q.endTime !== undefined ? lt(riskFlag.firstSeenAt, q.endTime) : undefined,
    q.startTime !== undefined ? gte(riskFlag.lastSeenAt, q.startTime) : undefined,
  ];
  return and(...filters);
}

const NEWEST_FIRST = [desc(riskFlag.lastSeenAt), desc(riskFlag.id)];

/** One page of the flags the filter selects, the most recently seen first, and how many there are. */
export async function listFlags(db: Db, q: RiskFlagsFilter & { page: number; pageSize: number }): Promise<{ items: RiskFlag[]; total: number }> {
  const where = flagWhere(q);
  const [items, [total]] = await Promise.all([
    db.select().from(riskFlag).where(where).orderBy(...NEWEST_FIRST).limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(riskFlag).where(where),
  ]);
  return { items: items.map(flagOf), total: Number(total?.n ?? 0) };
}

/** How many flags of each severity every filter but `severity` selects. */
export async function countFlags(db: Db, q: RiskFlagsFilter): Promise<Record<RiskSeverity, number>> {
  const found = await db.select({ severity: riskFlag.severity, n: count() }).from(riskFlag).where(flagWhere(q, ["severity"])).groupBy(riskFlag.severity);
  const counts = Object.fromEntries(RISK_SEVERITIES.map((s) => [s, 0])) as Record<RiskSeverity, number>;
  for (const r of found) if (r.severity in counts) counts[r.severity as RiskSeverity] = Number(r.n);
  return counts;
}

/**
 * Every flag of the filter, the most recently raised first (by id: a flag seen again while a
 * download is written moves in the list's order, never in this one, so none is skipped or
 * written twice), `size` at a time: each batch one short statement that starts after the last
 * row of the one before (keyset), so no statement or transaction stays open while a download
 * is written.
 */
export async function* flagBatches(db: Db, q: RiskFlagsFilter, size: number, signal?: AbortSignal): AsyncGenerator<RiskFlag[]> {
  let after: number | null = null;
  for (;;) {
    signal?.throwIfAborted();
    const batch: Row[] = await db
      .select()
      .from(riskFlag)
      .where(and(flagWhere(q), after === null ? undefined : lt(riskFlag.id, after)))
      .orderBy(desc(riskFlag.id))
      .limit(size);
    if (batch.length > 0) yield batch.map(flagOf);
    if (batch.length < size) return;
    after = batch[batch.length - 1]!.id;
  }
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
