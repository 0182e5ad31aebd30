/**
 * Share links' rows (migration 0510): the token is 256 random bits and only its
 * SHA-256 is stored; a link is found by its token, revoked once, and goes with its creator.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { shareLinks, users } from "./schema";
import { createShareLink, getShareLink, revokeShareLink, shareLinkByToken } from "./share-links";
import { onEachTestDatabase } from "./test-support";
import { createUser, verifyPassword } from "./users";

onEachTestDatabase("share links", (db) => {

  it("stores the token's hash only, finds the link by its token, and revokes it once", async () => {
    const u = await createUser(db().db, { username: "sharer", password: "password-1", role: "viewer" });
    const base = { createdBy: u.id, page: "invitees", query: "inviteCode=A", allowExport: false, expiresAt: new Date(Date.now() + 3_600_000) };
    const a = await createShareLink(db().db, { ...base, password: null });
    const b = await createShareLink(db().db, { ...base, password: "share-secret" });
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.token, "base64url")).toHaveLength(32);
    expect(a.token).not.toBe(b.token);
    expect(a.row.tokenHash).toBe(createHash("sha256").update(a.token).digest("hex"));
    // nowhere in the row
    expect(JSON.stringify(await getShareLink(db().db, a.row.id))).not.toContain(a.token);
    expect(a.row.passwordHash).toBeNull();
    expect(await verifyPassword("share-secret", b.row.passwordHash!)).toBe(true);

    expect((await shareLinkByToken(db().db, a.token))?.id).toBe(a.row.id);
    expect(await shareLinkByToken(db().db, a.token.slice(0, -1) + (a.token.endsWith("A") ? "B" : "A"))).toBeUndefined();
    expect(await revokeShareLink(db().db, a.row.id)).toBe(true);
    expect(await revokeShareLink(db().db, a.row.id)).toBe(false);
    expect((await shareLinkByToken(db().db, a.token))?.revokedAt).toBeInstanceOf(Date);
    expect(await revokeShareLink(db().db, "not-a-uuid")).toBe(false);

    await db().db.delete(users).where(eq(users.id, u.id));
    expect(await db().db.select().from(shareLinks)).toEqual([]);
  });
}, { perTest: true });
