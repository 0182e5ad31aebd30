import { expect, it } from "vitest";
import { countLiveTokens, deleteToken, insertToken, listTokens, noteTokenAddress, tokenByHash, touchToken } from "./api-tokens";
import { onEachTestDatabase } from "./test-support";
import { createUser } from "./users";

const hash = (c: string) => c.repeat(64);

onEachTestDatabase("api tokens", (database) => {
  it("are found by their hash only, listed per user (or all) without it, touched, and revoked by their owner or anyone when no owner is named", async () => {
    const db = database().db;
    const ann = await createUser(db, { username: "ann", password: "password-1", role: "trader" });
    const bob = await createUser(db, { username: "bob", password: "password-1", role: "viewer" });
    const expiresAt = new Date(Date.now() + 86_400_000);
    const base = { hint: "wxd_abcdef", role: "viewer" as const, canWrite: false, inUrl: false, expiresAt };
    const annId = "00000000-0000-4000-8000-000000000001";
    const bobId = "00000000-0000-4000-8000-000000000002";
    await insertToken(db, { ...base, id: annId, userId: ann.id, name: "ann's script", tokenHash: hash("a"), role: "trader", canWrite: true });
    await insertToken(db, { ...base, id: bobId, userId: bob.id, name: "bob's sheet", tokenHash: hash("b"), inUrl: true });

    expect(await tokenByHash(db, hash("a"))).toEqual({ id: annId, userId: ann.id, name: "ann's script", role: "trader", canWrite: true, inUrl: false, expiresAt });
    expect(await tokenByHash(db, hash("c"))).toBeUndefined();

    const all = await listTokens(db);
    expect(all.map((t) => t.username).sort()).toEqual(["ann", "bob"]);
    expect(JSON.stringify(all)).not.toContain(hash("a"));
    expect((await listTokens(db, bob.id)).map((t) => t.id)).toEqual([bobId]);
    expect(await countLiveTokens(db, ann.id, new Date())).toBe(1);
    expect(await countLiveTokens(db, ann.id, new Date(expiresAt.getTime() + 1))).toBe(0);

    const at = new Date();
    await touchToken(db, annId, at, "203.0.113.7");
    expect((await listTokens(db, ann.id))[0]).toMatchObject({ lastUsedAt: at, lastUsedIp: "203.0.113.7" });

    // the first use from an address is new once, on whichever instance
    expect(await noteTokenAddress(db, annId, "203.0.113.7")).toBe(true);
    expect(await noteTokenAddress(db, annId, "203.0.113.7")).toBe(false);
    expect(await noteTokenAddress(db, annId, "198.51.100.1")).toBe(true);

    // bob cannot revoke ann's token; no owner named (an admin) can
    expect(await deleteToken(db, annId, bob.id)).toBeUndefined();
    expect(await deleteToken(db, "not-a-uuid")).toBeUndefined();
    expect(await deleteToken(db, annId)).toEqual({ userId: ann.id, name: "ann's script", hint: "wxd_abcdef" });
    expect(await tokenByHash(db, hash("a"))).toBeUndefined();
    // a use noted after the revocation finds no token: nothing recorded, no error
    expect(await noteTokenAddress(db, annId, "192.0.2.1")).toBe(false);
  });

  it("refuse a token for URLs that is more than a read-only viewer token", async () => {
    const db = database().db;
    const cy = await createUser(db, { username: "cy", password: "password-1", role: "admin" });
    const row = { id: "00000000-0000-4000-8000-000000000003", userId: cy.id, name: "x", tokenHash: hash("d"), hint: "wxd_", role: "admin" as const, canWrite: false, inUrl: true, expiresAt: new Date(Date.now() + 60_000) };
    await expect(insertToken(db, row)).rejects.toThrow();
    await expect(insertToken(db, { ...row, role: "viewer", canWrite: true })).rejects.toThrow();
  });
});
