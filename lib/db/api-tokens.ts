/**
 * API tokens in the database (migration 0520): rows by their hash, a person's list (an admin's:
 * everyone's), revocation, the last use and the addresses a token was used from. Policy (the
 * token's form, the per-request check and its cache, the rate) in lib/server/identity/api-tokens.ts.
 */
import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Role } from "../contract/roles";
import type { Db } from "./connection";
import { apiTokenAddresses, apiTokens, users } from "./schema";

export interface NewTokenRow {
  id: string;
  userId: string;
  name: string;
  tokenHash: string;
  hint: string;
  role: Role;
  canWrite: boolean;
  inUrl: boolean;
  expiresAt: Date;
}

/** What a request needs to know of a token (looked up by its hash). */
export interface TokenGrant {
  id: string;
  userId: string;
  name: string;
  role: Role;
  canWrite: boolean;
  inUrl: boolean;
  expiresAt: Date;
}

/** A token as its list shows it (never its hash). */
export interface TokenListRow extends TokenGrant {
  username: string;
  hint: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function insertToken(db: Db, row: NewTokenRow): Promise<{ createdAt: Date }> {
  const [created] = await db.insert(apiTokens).values(row).returning({ createdAt: apiTokens.createdAt });
  return created!;
}

const grant = {
  id: apiTokens.id,
  userId: apiTokens.userId,
  name: apiTokens.name,
  role: apiTokens.role,
  canWrite: apiTokens.canWrite,
  inUrl: apiTokens.inUrl,
  expiresAt: apiTokens.expiresAt,
};

export async function tokenByHash(db: Db, tokenHash: string): Promise<TokenGrant | undefined> {
  const [row] = await db.select(grant).from(apiTokens).where(eq(apiTokens.tokenHash, tokenHash));
  return row;
}

/** Newest first: one user's tokens, or (no user) everyone's. */
export function listTokens(db: Db, userId?: string): Promise<TokenListRow[]> {
  return db
    .select({ ...grant, username: users.username, hint: apiTokens.hint, createdAt: apiTokens.createdAt, lastUsedAt: apiTokens.lastUsedAt, lastUsedIp: apiTokens.lastUsedIp })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(userId === undefined ? undefined : eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/** How many tokens a user has that have not expired. */
export async function countLiveTokens(db: Db, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), sql`${apiTokens.expiresAt} > ${now}`));
  return Number(row?.n ?? 0);
}

/** Revoke (delete) a token, only of `userId` when given; what was deleted, if anything. */
export async function deleteToken(db: Db, id: string, userId?: string): Promise<{ userId: string; name: string; hint: string } | undefined> {
  if (!UUID_RE.test(id)) return undefined;
  const [row] = await db
    .delete(apiTokens)
    .where(userId === undefined ? eq(apiTokens.id, id) : and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    .returning({ userId: apiTokens.userId, name: apiTokens.name, hint: apiTokens.hint });
  return row;
}

export async function touchToken(db: Db, id: string, at: Date, ip: string): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: at, lastUsedIp: ip }).where(eq(apiTokens.id, id));
}

/** Record that a token was used from `ip`: true the first time (on any instance), false after. */
export async function noteTokenAddress(db: Db, tokenId: string, ip: string): Promise<boolean> {
  try {
    const rows = await db.insert(apiTokenAddresses).values({ tokenId, ip }).onConflictDoNothing().returning({ ip: apiTokenAddresses.ip });
    return rows.length > 0;
  } catch (e) {
    // revoked in the meantime (foreign key): nothing to record
    if (errorCode(e) === "23503") return false;
    throw e;
  }
}

function errorCode(e: unknown): string | undefined {
  for (let err = e; err; err = (err as { cause?: unknown }).cause) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}
