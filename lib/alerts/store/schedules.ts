/** report_schedule: scheduled reports, each with the end of the last period it sent. */
import { and, asc, eq, isNull } from "drizzle-orm";
import { reportSchedule, type ReportScheduleRow } from "@/lib/db/schema/alerts";
import type { Audience, Cadence, ScheduleInput, ScheduleView } from "@/lib/contract/alerts";
import { nextPeriodStart, periodStart } from "../calendar";
import { newId, type Q, type Tx } from "./shared";

function scheduleView(r: ReportScheduleRow): ScheduleView {
  const cadence = r.cadence as Cadence;
  return {
    id: r.id,
    name: r.name,
    cadence,
    timeZone: r.timeZone,
    audience: r.audience as Audience,
    destinationIds: r.destinationIds,
    lastPeriodEnd: r.lastPeriodEnd,
    nextDueAt: nextPeriodStart(r.lastPeriodEnd, cadence, r.timeZone),
    skippedPartners: r.skippedPartners,
  };
}

const live = (id: string) => and(eq(reportSchedule.id, id), isNull(reportSchedule.deletedAt));

export async function listSchedules(db: Q): Promise<ScheduleView[]> {
  const r = await db.select().from(reportSchedule).where(isNull(reportSchedule.deletedAt)).orderBy(asc(reportSchedule.createdAt), asc(reportSchedule.id));
  return r.map(scheduleView);
}

/** A new schedule's first report covers the period running now, sent when it ends. */
export async function createSchedule(db: Q, input: ScheduleInput, now: number): Promise<ScheduleView> {
  const id = newId();
  await db.insert(reportSchedule).values({
    id,
    name: input.name,
    cadence: input.cadence,
    timeZone: input.timeZone,
    audience: input.audience,
    destinationIds: input.audience === "each-partner" ? [] : input.destinationIds,
    lastPeriodEnd: periodStart(now, input.cadence, input.timeZone),
    createdAt: now,
    updatedAt: now,
  });
  return (await listSchedules(db)).find((s) => s.id === id)!;
}

export async function deleteSchedule(db: Q, id: string, now: number): Promise<boolean> {
  const r = await db.update(reportSchedule).set({ deletedAt: now }).where(live(id)).returning({ id: reportSchedule.id });
  return r.length > 0;
}

/**
 * Claim a due period: move last_period_end from `from` to `to` only if nobody did already.
 * Called in the transaction that queues the report, so the two happen together or not at all.
 */
export async function claimPeriod(tx: Tx, id: string, from: number, to: number, now: number): Promise<boolean> {
  const r = await tx
    .update(reportSchedule)
    .set({ lastPeriodEnd: to, updatedAt: now })
    .where(and(live(id), eq(reportSchedule.lastPeriodEnd, from)))
    .returning({ id: reportSchedule.id });
  return r.length > 0;
}

/** Remember the partners an each-partner schedule's period skipped (no email), for its view. */
export async function setSkippedPartners(tx: Q, id: string, usernames: readonly string[]): Promise<void> {
  await tx.update(reportSchedule).set({ skippedPartners: [...usernames] }).where(eq(reportSchedule.id, id));
}
