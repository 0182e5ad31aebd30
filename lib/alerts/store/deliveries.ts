/**
 * alert_delivery: the queue of messages, one per (destination or partner, message), with its
 * retry state. Every attempt is in alert_delivery_attempt (./delivery-attempts.ts).
 */
import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { alertDelivery, alertDestination } from "@/lib/db/schema/alerts";
import type { DeliveryView } from "@/lib/contract/alerts";
import type { Message } from "../message";
import { attemptsOf, logAttempt, type AttemptOutcome } from "./delivery-attempts";
import { offsetOf, type Db, type Q } from "./shared";

export type Purpose = DeliveryView["purpose"];

export interface NewDelivery {
  destinationId: string;
  purpose: Purpose;
  episodeId?: string | null;
  scheduleId?: string | null;
  message: Message;
  /** not before (a quiet period's end); default now */
  notBefore?: number;
}

/**
 * A partner's own report (an each-partner schedule's period): sent to the partner's email as it
 * is when sent. Queued at most once per (schedule, period, partner) — the unique index
 * alert_delivery_partner_report, so whichever instance or retry queues it again adds nothing;
 * null then.
 */
export async function enqueuePartnerReport(db: Q, d: { scheduleId: string; periodEnd: number; recipient: { userId: string; username: string }; message: Message }, now: number): Promise<string | null> {
  const [r] = await db
    .insert(alertDelivery)
    .values({
      destinationId: null,
      purpose: "report",
      scheduleId: d.scheduleId,
      periodEnd: d.periodEnd,
      recipientUserId: d.recipient.userId,
      recipientUsername: d.recipient.username,
      title: d.message.title,
      message: d.message,
      state: "pending",
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [alertDelivery.scheduleId, alertDelivery.periodEnd, alertDelivery.recipientUserId], where: sql`recipient_user_id IS NOT NULL` })
    .returning({ id: alertDelivery.id });
  return r ? String(r.id) : null;
}

export async function enqueueDelivery(db: Q, d: NewDelivery, now: number): Promise<string> {
  const [r] = await db
    .insert(alertDelivery)
    .values({
      destinationId: d.destinationId,
      purpose: d.purpose,
      episodeId: d.episodeId == null ? null : Number(d.episodeId),
      scheduleId: d.scheduleId ?? null,
      title: d.message.title,
      message: d.message,
      state: "pending",
      nextAttemptAt: Math.max(now, d.notBefore ?? now),
      createdAt: now,
    })
    .returning({ id: alertDelivery.id });
  return String(r!.id);
}

export interface ClaimedDelivery {
  id: string;
  /** null: a partner's own report, to `recipientUserId` */
  destinationId: string | null;
  recipientUserId: string | null;
  purpose: Purpose;
  message: Message;
  /** this attempt's number, from 1 */
  attempt: number;
}

/**
 * Take the next due delivery for one attempt: its attempt count goes up and it is leased for
 * `leaseMs`, so a crashed sender's delivery is tried again after the lease, and two senders
 * (should two ever run) never take the same one (SKIP LOCKED).
 */
export async function claimDue(db: Db, now: number, leaseMs: number): Promise<ClaimedDelivery | null> {
  const next = db
    .select({ id: alertDelivery.id })
    .from(alertDelivery)
    .where(and(inArray(alertDelivery.state, ["pending", "sending"]), lte(alertDelivery.nextAttemptAt, now), or(isNull(alertDelivery.leaseUntil), lt(alertDelivery.leaseUntil, now))))
    .orderBy(asc(alertDelivery.nextAttemptAt), asc(alertDelivery.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [r] = await db
    .update(alertDelivery)
    .set({ state: "sending", attempts: sql`${alertDelivery.attempts} + 1`, leaseUntil: now + leaseMs })
    .where(eq(alertDelivery.id, sql`(${next})`))
    .returning();
  if (!r) return null;
  return { id: String(r.id), destinationId: r.destinationId, recipientUserId: r.recipientUserId, purpose: r.purpose as Purpose, message: r.message as Message, attempt: r.attempts };
}

/** Log the attempt and settle the delivery (in one transaction): sent, failed for good, or pending until `retryAt`. */
export async function recordAttempt(db: Db, d: ClaimedDelivery, at: number, outcome: AttemptOutcome, retryAt: number | null): Promise<void> {
  const settled = outcome.ok ? { state: "sent", finishedAt: at } : retryAt === null ? { state: "failed", finishedAt: at } : { state: "pending", nextAttemptAt: retryAt };
  await db.transaction(async (tx) => {
    await logAttempt(tx, d.id, d.attempt, at, outcome);
    await tx
      .update(alertDelivery)
      .set({ ...settled, leaseUntil: null })
      .where(eq(alertDelivery.id, Number(d.id)));
  });
}

export async function listDeliveries(db: Q, q: { page: number; pageSize: number; destinationId?: string }): Promise<{ items: DeliveryView[]; total: number }> {
  const where = q.destinationId ? eq(alertDelivery.destinationId, q.destinationId) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select({ d: alertDelivery, name: alertDestination.name })
      .from(alertDelivery)
      .leftJoin(alertDestination, eq(alertDestination.id, alertDelivery.destinationId))
      .where(where)
      .orderBy(desc(alertDelivery.createdAt), desc(alertDelivery.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(alertDelivery).where(where),
  ]);
  const attempts = await attemptsOf(db, items.map((i) => i.d.id));
  return {
    total: total?.n ?? 0,
    items: items.map(({ d, name }) => ({
      id: String(d.id),
      destinationId: d.destinationId,
      destinationName: name,
      recipient: d.recipientUserId ? { userId: d.recipientUserId, username: d.recipientUsername ?? "" } : null,
      purpose: d.purpose as Purpose,
      title: d.title,
      state: d.state as DeliveryView["state"],
      nextAttemptAt: d.state === "pending" || d.state === "sending" ? d.nextAttemptAt : null,
      createdAt: d.createdAt,
      attempts: attempts.get(d.id) ?? [],
    })),
  };
}
