/** alert_delivery_attempt: each attempt at a delivery (the delivery log shows them all). */
import { asc, inArray } from "drizzle-orm";
import { alertDeliveryAttempt } from "@/lib/db/schema/alerts";
import type { DeliveryView } from "@/lib/contract/alerts";
import type { Q } from "./shared";

export interface AttemptOutcome {
  ok: boolean;
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** Log one attempt; a second log of the same (delivery, attempt) is ignored. */
export async function logAttempt(db: Q, deliveryId: string, attempt: number, at: number, outcome: AttemptOutcome): Promise<void> {
  await db
    .insert(alertDeliveryAttempt)
    .values({ deliveryId: Number(deliveryId), attempt, at, ok: outcome.ok, status: outcome.status, error: outcome.error, durationMs: Math.round(outcome.durationMs) })
    .onConflictDoNothing();
}

/** The attempts of these deliveries, by delivery id, in order. */
export async function attemptsOf(db: Q, ids: readonly number[]): Promise<Map<number, DeliveryView["attempts"]>> {
  const byDelivery = new Map<number, DeliveryView["attempts"]>();
  if (!ids.length) return byDelivery;
  const rows = await db
    .select()
    .from(alertDeliveryAttempt)
    .where(inArray(alertDeliveryAttempt.deliveryId, [...ids]))
    .orderBy(asc(alertDeliveryAttempt.deliveryId), asc(alertDeliveryAttempt.attempt));
  for (const a of rows) {
    const list = byDelivery.get(a.deliveryId) ?? [];
    list.push({ attempt: a.attempt, at: a.at, ok: a.ok, status: a.status, error: a.error, durationMs: a.durationMs });
    byDelivery.set(a.deliveryId, list);
  }
  return byDelivery;
}
