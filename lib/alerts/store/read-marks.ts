/** alert_read: the bell — up to when each user has seen the alerts. */
import { count, gt, sql } from "drizzle-orm";
import { alertEpisode, alertRead } from "@/lib/db/schema/alerts";
import type { Q } from "./shared";

/** Episodes opened (or resolved) after the user last opened the alerts. */
export async function unreadCount(db: Q, username: string): Promise<number> {
  const readAt = sql`COALESCE((SELECT ${alertRead.readAt} FROM ${alertRead} WHERE ${alertRead.username} = ${username}), -1)`;
  const [r] = await db.select({ n: count() }).from(alertEpisode).where(gt(alertEpisode.openedAt, readAt));
  return r?.n ?? 0;
}

/** Never back in time: two tabs opening the page in either order leave the later mark. */
export async function markRead(db: Q, username: string, at: number): Promise<void> {
  await db
    .insert(alertRead)
    .values({ username, readAt: at })
    .onConflictDoUpdate({ target: alertRead.username, set: { readAt: sql`GREATEST(alert_read.read_at, EXCLUDED.read_at)` } });
}
