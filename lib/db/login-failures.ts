/** Failed sign-ins, the raw material of login throttling (policy in lib/server/throttle.ts). */
import "server-only";
import { and, desc, eq, gte, lt } from "drizzle-orm";
import type { Db } from "./connection";
import { loginFailures } from "./schema";

export async function recordLoginFailure(db: Db, username: string, ip: string, at = new Date()): Promise<void> {
  await db.insert(loginFailures).values({ username, ip, at });
}

/** After a successful sign-in the username starts over; the IP's count stays. */
export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.username, username));
}

/** The most recent failures since `since`, newest first, at most `limit`. */
export async function recentFailures(
  db: Db,
  by: { username: string } | { ip: string },
  since: Date,
  limit: number,
): Promise<Date[]> {
  const who = "username" in by ? eq(loginFailures.username, by.username) : eq(loginFailures.ip, by.ip);
  const rows = await db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(who, gte(loginFailures.at, since)))
    .orderBy(desc(loginFailures.at))
    .limit(limit);
  return rows.map((r) => r.at);
}

/** Housekeeping: forget failures older than `before`. */
export async function pruneLoginFailures(db: Db, before: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.at, before));
}
