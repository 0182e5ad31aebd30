/** alert_worker_state: the alerts worker's small named counters (the archive sync time last evaluated). */
import { eq, sql } from "drizzle-orm";
import { alertWorkerState } from "@/lib/db/schema/alerts";
import type { Q } from "./shared";

export async function workerValue(db: Q, key: string): Promise<number | null> {
  const [r] = await db.select({ value: alertWorkerState.value }).from(alertWorkerState).where(eq(alertWorkerState.key, key));
  return r?.value ?? null;
}

export async function setWorkerValue(db: Q, key: string, value: number): Promise<void> {
  await db
    .insert(alertWorkerState)
    .values({ key, value })
    .onConflictDoUpdate({ target: alertWorkerState.key, set: { value: sql`EXCLUDED.value` } });
}
