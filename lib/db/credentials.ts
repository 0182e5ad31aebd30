/**
 * Ending the credentials a person holds besides their sessions: their API tokens (deleted, as a
 * revocation does) and their share links (revoked). Run when an admin or the operator resets a
 * password or disables a user (users.ts `updateUser`), in the same transaction as that change:
 * whoever had taken over the account may have made a token or a link, and those would
 * otherwise outlive the sessions the change ends.
 *
 * Only live ones are listed and touched: an expired token or link opens nothing already, and
 * stays in its list as expired. Policy (the caches that forget at once in this process) is in
 * lib/server/services/user-admin.ts.
 */
import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "./connection";
import { apiTokens, shareLinks } from "./schema";

export interface RevokedCredentials {
  tokens: { id: string; name: string }[];
  shareLinks: { id: string; page: string }[];
}

export async function revokeCredentialsOf(db: Db, userId: string, now = new Date()): Promise<RevokedCredentials> {
  const tokens = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.userId, userId), gt(apiTokens.expiresAt, now)))
    .returning({ id: apiTokens.id, name: apiTokens.name });
  const links = await db
    .update(shareLinks)
    .set({ revokedAt: now })
    .where(and(eq(shareLinks.createdBy, userId), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now)))
    .returning({ id: shareLinks.id, page: shareLinks.page });
  const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return { tokens: tokens.sort(byId), shareLinks: links.sort(byId) };
}
