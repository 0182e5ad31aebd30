/**
 * Sessions the server can end (migration 0401): a row per sign-in, whose id travels in the
 * session token. Policy (lifetime, the per-request check and its cache) in lib/server/identity/auth.ts.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "./connection";
import { userSessions } from "./schema";

export interface SessionRow {
  userId: string;
  expiresAt: Date;
  revokedAt: Date | null;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A new session of a user, ending at `expiresAt` whatever happens to its token; its id. */
export async function createSession(db: Db, userId: string, expiresAt: Date): Promise<string> {
  const id = randomUUID();
  await db.insert(userSessions).values({ id, userId, expiresAt });
  return id;
}

export async function getSession(db: Db, id: string): Promise<SessionRow | undefined> {
  // Ids are UUIDs; anything else cannot exist (and would be a SQL error for the uuid column).
  if (!UUID_RE.test(id)) return undefined;
  const [row] = await db
    .select({ userId: userSessions.userId, expiresAt: userSessions.expiresAt, revokedAt: userSessions.revokedAt })
    .from(userSessions)
    .where(eq(userSessions.id, id));
  return row;
}

/** End a session (sign-out). */
export async function revokeSession(db: Db, id: string): Promise<void> {
  if (!UUID_RE.test(id)) return;
  await db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(userSessions.id, id), isNull(userSessions.revokedAt)));
}

/** Housekeeping: forget sessions that ended before `before`. */
export async function pruneSessions(db: Db, before: Date): Promise<void> {
  await db.delete(userSessions).where(lt(userSessions.expiresAt, before));
}
