/**
 * Share links (migrations 0510 and 0552): rows only. What a link may open, and when it is
 * refused, is decided in lib/server/identity/share-links.ts.
 */
import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Scope } from "@/lib/contract/scope";
import type { Db } from "./connection";
import { shareLinks, users, type ShareLinkRow } from "./schema";
import { hashPassword } from "./users";

export type { ShareLinkRow };

/** 32 random bytes (256 bits), base64url: the link's only secret, shown once. */
export function newShareToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What is stored of a token: its SHA-256 (a token has 256 bits of entropy: no salt or slow hash needed). */
export function shareTokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export interface NewShareLink {
  createdBy: string;
  page: string;
  query: string;
  allowExport: boolean;
  password: string | null;
  expiresAt: Date;
  /** the creator's scope now (a partner's), kept as the most the link may ever show; null: none */
  creatorScope?: Scope | null;
}

/** A new link: its row and the token (not stored). */
export async function createShareLink(db: Db, link: NewShareLink): Promise<{ row: ShareLinkRow; token: string }> {
  const token = newShareToken();
  const [row] = await db
    .insert(shareLinks)
    .values({
      id: randomUUID(),
      tokenHash: shareTokenHash(token),
      createdBy: link.createdBy,
      page: link.page,
      query: link.query,
      allowExport: link.allowExport,
      passwordHash: link.password === null ? null : await hashPassword(link.password),
      expiresAt: link.expiresAt,
      creatorScopeSubAffiliateUids: link.creatorScope?.subAffiliateUids ?? null,
      creatorScopeInviteCodes: link.creatorScope?.inviteCodes ?? null,
    })
    .returning();
  return { row: row!, token };
}

/** The link a token opens (whatever its state), or undefined. */
export async function shareLinkByToken(db: Db, token: string): Promise<ShareLinkRow | undefined> {
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.tokenHash, shareTokenHash(token)));
  return row;
}

export interface ShareLinkListed extends ShareLinkRow {
  createdByUsername: string;
}

/** Links newest first: one creator's, or everyone's (null). */
export async function listShareLinks(db: Db, createdBy: string | null): Promise<ShareLinkListed[]> {
  const rows = await db
    .select({ link: shareLinks, username: users.username })
    .from(shareLinks)
    .innerJoin(users, eq(users.id, shareLinks.createdBy))
    .where(createdBy === null ? undefined : eq(shareLinks.createdBy, createdBy))
    .orderBy(desc(shareLinks.createdAt))
    .limit(500);
  return rows.map((r) => ({ ...r.link, createdByUsername: r.username }));
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getShareLink(db: Db, id: string): Promise<ShareLinkRow | undefined> {
  if (!UUID_RE.test(id)) return undefined;
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.id, id));
  return row;
}

/** Revoke a link (a second revocation changes nothing); whether it was live until now. */
export async function revokeShareLink(db: Db, id: string): Promise<boolean> {
  if (!UUID_RE.test(id)) return false;
  const done = await db
    .update(shareLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(shareLinks.id, id), isNull(shareLinks.revokedAt)))
    .returning({ id: shareLinks.id });
  return done.length > 0;
}
