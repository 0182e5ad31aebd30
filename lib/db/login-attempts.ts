/**
 * Sign-in attempts, the raw material of login throttling (policy in lib/server/identity/throttle.ts).
 * An attempt's slot is taken before its password is checked (`takeLoginAttempt`, one atomic
 * step in the database: migration 0400's `login_attempt_take`); the row then stands for the
 * failure it turns out to be, and a successful sign-in clears its username's rows and remembers
 * the address it came from (`rememberLoginAddress`, migration 0550: that address's own budget).
 */
import "server-only";
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "./connection";
import { loginAttempts, loginKnownAddresses, loginThrottleNoted } from "./schema";

export interface AttemptLimits {
  windowMs: number;
  maxPerUsername: number;
  maxPerIp: number;
  /** how long an address a username signed in from keeps its own budget */
  knownForMs: number;
}

export type TakeResult =
  | { taken: true; attempt: string }
  | { taken: false; waitMs: number; reason: "username" | "ip"; firstRefusal: boolean };

/**
 * Take a slot for one attempt, or learn that the username or the IP has no slot left in the
 * window. `now` for tests only: otherwise the database's clock decides (every instance agrees).
 */
export async function takeLoginAttempt(db: Db, username: string, ip: string, limits: AttemptLimits, now?: Date): Promise<TakeResult> {
  const result = await db.execute(
    sql`SELECT attempt, wait_ms, reason, first_refusal FROM login_attempt_take(${username}, ${ip}, ${limits.windowMs}, ${limits.maxPerUsername}, ${limits.maxPerIp}, ${limits.knownForMs}, ${now ? now.toISOString() : null}::timestamptz)`,
  );
  const row = (result as unknown as { rows: { attempt: unknown; wait_ms: unknown; reason: unknown; first_refusal: unknown }[] }).rows[0]!;
  if (row.attempt !== null && row.attempt !== undefined) return { taken: true, attempt: String(row.attempt) };
  return { taken: false, waitMs: Number(row.wait_ms), reason: row.reason === "ip" ? "ip" : "username", firstRefusal: row.first_refusal === true };
}

/** A failed sign-in recorded directly (tests, and anything that checks a password without a slot). */
export async function recordLoginFailure(db: Db, username: string, ip: string, at = new Date()): Promise<void> {
  await db.insert(loginAttempts).values({ username, ip, at });
}

/** After a successful sign-in the username starts over; the IP's count stays. */
export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.username, username));
}

/**
 * After a successful sign-in: `ip` (an address key) is an address the username signed in from.
 * Only the `keep` most recent of a username's addresses are kept, so what one account stores
 * is bounded however many places it signs in from.
 */
export async function rememberLoginAddress(db: Db, username: string, ip: string, keep: number, now?: Date): Promise<void> {
  const at = now ? now.toISOString() : null;
  await db.execute(sql`
    INSERT INTO login_known_addresses (username, ip, last_success) VALUES (${username}, ${ip}, coalesce(${at}::timestamptz, clock_timestamp()))
    ON CONFLICT (username, ip) DO UPDATE SET last_success = greatest(login_known_addresses.last_success, EXCLUDED.last_success)`);
  await db.execute(sql`
    DELETE FROM login_known_addresses WHERE username = ${username} AND ip NOT IN (
      SELECT ip FROM login_known_addresses WHERE username = ${username} ORDER BY last_success DESC LIMIT ${keep})`);
}

/** The most recent attempts counted since `since`, newest first, at most `limit`. */
export async function recentFailures(
  db: Db,
  by: { username: string } | { ip: string },
  since: Date,
  limit: number,
): Promise<Date[]> {
  const who = "username" in by ? eq(loginAttempts.username, by.username) : eq(loginAttempts.ip, by.ip);
  const rows = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(and(who, gte(loginAttempts.at, since)))
    .orderBy(desc(loginAttempts.at))
    .limit(limit);
  return rows.map((r) => r.at);
}

/** Housekeeping: forget attempts older than `before`, blocks that ended before it, and known addresses last used before `knownBefore`. */
export async function pruneLoginAttempts(db: Db, before: Date, knownBefore: Date): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.at, before));
  await db.delete(loginThrottleNoted).where(lt(loginThrottleNoted.until, before));
  await db.delete(loginKnownAddresses).where(lt(loginKnownAddresses.lastSuccess, knownBefore));
}
