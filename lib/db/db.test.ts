/**
 * The database layer on both back ends: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
 * The same tests run against each, so the queries are proven portable.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { listAudit, writeAudit } from "./audit";
import { DatabaseBusyError, openDatabase } from "./connection";
import { clearLoginFailures, recentFailures, recordLoginFailure } from "./login-attempts";
import { migrate, readMigrations } from "./migrate";
import { users } from "./schema";
import { DEMO_PARTNER, DEMO_PARTNER_PASSWORD } from "../contract/roles";
import { freshSchema, onEachTestDatabase, TEST_DATABASE_URL } from "./test-support";
import { insertToken, listTokens } from "./api-tokens";
import { createShareLink, getShareLink } from "./share-links";
import {
  BCRYPT_COST,
  changeUserRow,
  countActiveAdmins,
  createUser,
  demoPartnerScope,
  ensureStartupUsers,
  getUserById,
  getUserByUsername,
  listUsers,
  toPublicUser,
  updateUser,
  UsernameTakenError,
  verifyPassword,
} from "./users";

onEachTestDatabase("database", (db) => {

  it("applies every migration once and records it", async () => {
    const files = readMigrations().map((m) => m.name);
    const rows = await db().withSession((s) => s.query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name"));
    expect(rows.map((r) => r.name)).toEqual(files);
    const again = await migrate(db());
    expect(again).toEqual({ applied: [], changed: [] });
  });

  it("reports an applied migration that changed on disk instead of re-running it", async () => {
    const edited = readMigrations().map((m, i) => (i === 0 ? { ...m, checksum: "different" } : m));
    expect(await migrate(db(), edited)).toEqual({ applied: [], changed: [edited[0]!.name] });
  });

  it("rolls back a failing migration completely", async () => {
    const bad = [...readMigrations(), { name: "9999_bad.sql", sql: "CREATE TABLE t_ok (x int); SELECT nope FROM nowhere;", checksum: "x" }];
    await expect(migrate(db(), bad)).rejects.toThrow(/9999_bad\.sql failed/);
    const tables = await db().withSession((s) =>
      s.query<{ n: string }>("SELECT count(*)::text AS n FROM information_schema.tables WHERE table_name = 't_ok'"),
    );
    expect(tables[0]!.n).toBe("0");
  });

  it("creates users with a slow hash and unique lower-case usernames", async () => {
    const u = await createUser(db().db, { username: "  Alice ", password: "correct horse", role: "trader" });
    expect(u.username).toBe("alice");
    expect(u.passwordHash).toMatch(new RegExp(`^\\$2[aby]\\$${BCRYPT_COST}\\$`));
    expect(BCRYPT_COST).toBeGreaterThanOrEqual(10);
    expect(await verifyPassword("correct horse", u.passwordHash)).toBe(true);
    expect(await verifyPassword("wrong", u.passwordHash)).toBe(false);
    expect(await verifyPassword("anything", undefined)).toBe(false);
    await expect(createUser(db().db, { username: "ALICE", password: "another one", role: "viewer" })).rejects.toBeInstanceOf(UsernameTakenError);
    expect((await getUserByUsername(db().db, "Alice"))?.id).toBe(u.id);
    expect(await getUserById(db().db, "not-a-uuid")).toBeUndefined();
  });

  it("ends sessions on password reset and disable, not on a role change", async () => {
    const u = await createUser(db().db, { username: "bob", password: "password-1", role: "viewer" });
    const promoted = await updateUser(db().db, u.id, { role: "admin" });
    expect(promoted).toMatchObject({ role: "admin", sessionVersion: u.sessionVersion });
    const reset = await updateUser(db().db, u.id, { password: "password-2" });
    expect(reset!.sessionVersion).toBe(u.sessionVersion + 1);
    expect(await verifyPassword("password-2", reset!.passwordHash)).toBe(true);
    const disabled = await updateUser(db().db, u.id, { disabled: true });
    expect(disabled).toMatchObject({ disabled: true, sessionVersion: u.sessionVersion + 2 });
    expect(await countActiveAdmins(db().db)).toBe(0);
    expect(await updateUser(db().db, "00000000-0000-0000-0000-000000000000", { role: "viewer" })).toBeUndefined();
  });

  it("revokes the user's live API tokens and share links with a password reset or disabling (in one transaction), nothing with other changes", async () => {
    const u = await createUser(db().db, { username: "carol", password: "password-1", role: "viewer" });
    const later = new Date(Date.now() + 86_400_000);
    const past = new Date(Date.now() - 1000);
    const token = (id: string, expiresAt: Date) => insertToken(db().db, { id, userId: u.id, name: id.slice(0, 8), tokenHash: createHash("sha256").update(id).digest("hex"), hint: "wxd_x", role: "viewer", canWrite: false, inUrl: false, expiresAt });
    const arm = async (n: number) => {
      const live = `00000000-0000-4000-8000-00000000000${n}`;
      await token(live, later);
      const link = (await createShareLink(db().db, { createdBy: u.id, page: "cohorts", query: "", allowExport: false, password: null, expiresAt: later })).row;
      return { live, link: link.id };
    };
    await token("00000000-0000-4000-8000-0000000000e0", past);
    const first = await arm(1);
    expect(await changeUserRow(db().db, u.id, { email: "c@example.com" })).toMatchObject({ revoked: null });
    const reset = await changeUserRow(db().db, u.id, { password: "password-2" });
    // (the expired token opens nothing already: it stays listed as expired)
    expect(reset!.revoked).toEqual({ tokens: [{ id: first.live, name: first.live.slice(0, 8) }], shareLinks: [{ id: first.link, page: "cohorts" }] });
    expect((await listTokens(db().db, u.id)).map((t) => t.id)).toEqual(["00000000-0000-4000-8000-0000000000e0"]);
    expect((await getShareLink(db().db, first.link))!.revokedAt).not.toBeNull();
    const second = await arm(2);
    const disabled = await changeUserRow(db().db, u.id, { disabled: true });
    expect(disabled!.revoked).toEqual({ tokens: [{ id: second.live, name: second.live.slice(0, 8) }], shareLinks: [{ id: second.link, page: "cohorts" }] });
    expect((await changeUserRow(db().db, u.id, { disabled: true }))!.revoked).toEqual({ tokens: [], shareLinks: [] });
  });

  it("keeps a partner's scope in its normal form, clears it when the role changes, and refuses a partner without one", async () => {
    const p = await createUser(db().db, { username: "kol", password: "password-1", role: "partner", scope: { subAffiliateUids: [" 20002", "10001", "20002"], inviteCodes: ["B", "A"] } });
    expect(toPublicUser(p).scope).toEqual({ subAffiliateUids: ["10001", "20002"], inviteCodes: ["A", "B"] });
    const narrowed = await updateUser(db().db, p.id, { scope: { subAffiliateUids: [], inviteCodes: ["A"] } });
    // a scope change is no sign-out: the partner's next request simply sees less
    expect(narrowed).toMatchObject({ scopeSubAffiliateUids: [], scopeInviteCodes: ["A"], sessionVersion: p.sessionVersion });
    const viewer = await updateUser(db().db, p.id, { role: "viewer" });
    expect(toPublicUser(viewer!).scope).toBeNull();
    expect(viewer).toMatchObject({ scopeSubAffiliateUids: [], scopeInviteCodes: [] });
    await expect(createUser(db().db, { username: "noscope", password: "password-1", role: "partner" })).rejects.toThrow(/needs a scope/);
    // and the db() itself holds to it: a partner row without a scope, or a viewer with one, is refused
    await expect(db().db.update(users).set({ role: "partner" }).where(eq(users.id, p.id))).rejects.toThrow();
    const v = await createUser(db().db, { username: "plain", password: "password-1", role: "viewer" });
    await expect(db().db.update(users).set({ scopeInviteCodes: ["A"] }).where(eq(users.id, v.id))).rejects.toThrow();
  });

  it("creates the demo accounts in demo mode only, and the bootstrap admin on an empty table", async () => {
    const warnings: string[] = [];
    const warn = (m: string) => warnings.push(m);
    await ensureStartupUsers(db().db, { mode: "demo", bootstrapAdmin: { username: "root", password: "bootstrap-pw" }, warn });
    await ensureStartupUsers(db().db, { mode: "demo", bootstrapAdmin: { username: "root2", password: "bootstrap-pw" }, warn });
    const names = (await listUsers(db().db)).map((u) => `${u.username}:${u.role}`);
    // root2 is not created: the table was no longer empty
    expect(names).toEqual(["admin:admin", "root:admin", "trader:trader", "viewer:viewer"]);
    expect(await verifyPassword("demo", (await getUserByUsername(db().db, "trader"))!.passwordHash)).toBe(true);

    // The same data directory started in live mode: the demo accounts cannot sign in.
    await ensureStartupUsers(db().db, { mode: "live", bootstrapAdmin: null, warn });
    const live = await listUsers(db().db);
    expect(live.filter((u) => !u.disabled).map((u) => u.username)).toEqual(["root"]);
    expect(warnings.join("\n")).toMatch(/disabled the demo account "viewer"/);
  });

  it("creates the demo accounts only in a db() that holds nobody else, and says so", async () => {
    const warnings: string[] = [];
    const warn = (m: string) => warnings.push(m);
    // an empty table, then a restart that finds only the demo accounts (with their password)
    const first = await ensureStartupUsers(db().db, { mode: "demo", bootstrapAdmin: null, warn });
    const again = await ensureStartupUsers(db().db, { mode: "demo", bootstrapAdmin: null, warn });
    expect((await listUsers(db().db)).map((u) => u.username)).toEqual(["admin", "trader", "viewer"]);
    expect(warnings).toEqual([]);

    // somebody else is here now: a missing demo account is not re-created, and the start says why
    await db().db.delete(users).where(eq(users.username, "trader"));
    await createUser(db().db, { username: "alice", password: "alice's password", role: "viewer" });
    const started = await ensureStartupUsers(db().db, { mode: "demo", bootstrapAdmin: { username: "root", password: "bootstrap-pw" }, warn });
    expect((await listUsers(db().db)).map((u) => u.username)).toEqual(["admin", "alice", "viewer"]);
    expect(warnings.join("\n")).toMatch(/already has users other than the demo accounts, so this start creates none of viewer, trader, admin \(password "demo"\)/);
    expect(started).toEqual({ demoAccounts: false });
    expect([first, again]).toEqual([{ demoAccounts: true }, { demoAccounts: true }]);
  });

  it("counts the demo's example partner, with their own password, as a demo account, and disables them in live mode", async () => {
    const warnings: string[] = [];
    const warn = (m: string) => warnings.push(m);
    await ensureStartupUsers(db().db, { mode: "demo", bootstrapAdmin: null, warn });
    // as `npm run demo` adds them (scripts/demo-seed.ts, over the admin API and its password rules)
    await createUser(db().db, { username: DEMO_PARTNER, password: DEMO_PARTNER_PASSWORD, role: "partner", scope: { subAffiliateUids: ["10001"], inviteCodes: [] } });
    expect(await ensureStartupUsers(db().db, { mode: "demo", bootstrapAdmin: null, warn })).toEqual({ demoAccounts: true });
    expect(await demoPartnerScope(db().db)).toEqual({ subAffiliateUids: ["10001"], inviteCodes: [] });
    expect(warnings).toEqual([]);

    await ensureStartupUsers(db().db, { mode: "live", bootstrapAdmin: null, warn });
    expect((await listUsers(db().db)).filter((u) => !u.disabled)).toEqual([]);
    expect(warnings.join("\n")).toMatch(/disabled the demo account "partner"/);
    expect(await demoPartnerScope(db().db)).toBeNull();
  });

  it("treats a demo username without the demo password as somebody else (a live install's own admin)", async () => {
    await createUser(db().db, { username: "admin", password: "the real admin's password", role: "admin" });
    const warnings: string[] = [];
    const started = await ensureStartupUsers(db().db, { mode: "demo", bootstrapAdmin: null, warn: (m) => warnings.push(m) });
    expect((await listUsers(db().db)).map((u) => u.username)).toEqual(["admin"]);
    expect(warnings).toHaveLength(1);
    expect(started).toEqual({ demoAccounts: false });
  });

  it("never creates demo accounts in live mode", async () => {
    const warnings: string[] = [];
    await ensureStartupUsers(db().db, { mode: "live", bootstrapAdmin: null, warn: (m) => warnings.push(m) });
    expect(await listUsers(db().db)).toEqual([]);
    expect(warnings.join("\n")).toMatch(/no enabled admin/);
  });

  it("keeps the audit log newest first, filtered and paged", async () => {
    for (let i = 0; i < 7; i++) {
      await writeAudit(db().db, {
        username: i % 2 ? "trader" : "admin",
        action: i < 5 ? "order.place" : "login",
        ip: "127.0.0.1",
        detail: { i, request: { symbol: "cmt_btcusdt" } },
        outcome: "success",
        upstreamOrderId: i < 5 ? `70234567890123456${i}` : null,
      });
    }
    const all = await listAudit(db().db, { page: 1, pageSize: 3 });
    expect(all.total).toBe(7);
    expect(all.items.map((r) => r.detail.i)).toEqual([6, 5, 4]);
    const page3 = await listAudit(db().db, { page: 3, pageSize: 3 });
    expect(page3.items.map((r) => r.detail.i)).toEqual([0]);
    const traderOrders = await listAudit(db().db, { username: "trader", action: "order.place", page: 1, pageSize: 10 });
    expect(traderOrders.items.map((r) => r.detail.i)).toEqual([3, 1]);
    expect(traderOrders.items[0]).toMatchObject({ upstreamOrderId: "702345678901234563", outcome: "success", ip: "127.0.0.1" });
    expect(typeof traderOrders.items[0]!.id).toBe("string");
    expect(traderOrders.items[0]!.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("counts failed sign-ins per username and per IP within a window", async () => {
    const now = Date.now();
    await recordLoginFailure(db().db, "carol", "10.0.0.1", new Date(now - 60 * 60_000));
    for (let i = 0; i < 3; i++) await recordLoginFailure(db().db, "carol", "10.0.0.1", new Date(now - i * 1000));
    await recordLoginFailure(db().db, "dave", "10.0.0.1", new Date(now));
    const since = new Date(now - 15 * 60_000);
    expect(await recentFailures(db().db, { username: "carol" }, since, 10)).toHaveLength(3);
    expect(await recentFailures(db().db, { ip: "10.0.0.1" }, since, 2)).toHaveLength(2);
    await clearLoginFailures(db().db, "carol");
    expect(await recentFailures(db().db, { username: "carol" }, since, 10)).toHaveLength(0);
    expect(await recentFailures(db().db, { ip: "10.0.0.1" }, since, 10)).toHaveLength(1);
  });
}, { perTest: true });

describe("embedded database in a directory", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it("keeps its data across restarts and refuses a second process", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "weex-db-"));
    dirs.push(dataDir);
    const exitListeners = process.listenerCount("exit");
    const first = await openDatabase({ kind: "embedded", dataDir });
    await migrate(first);
    await createUser(first.db, { username: "erin", password: "password-e", role: "viewer" });
    await first.close();

    const second = await openDatabase({ kind: "embedded", dataDir });
    expect((await migrate(second)).applied).toEqual([]);
    expect((await getUserByUsername(second.db, "erin"))?.role).toBe("viewer");
    await second.close();
    // a closed database leaves no exit listener behind (its lock's release)
    expect(process.listenerCount("exit")).toBe(exitListeners);

    // Another live process (our parent) holds the lock: opening must fail, not corrupt.
    writeFileSync(join(dataDir, "db.lock"), String(process.ppid));
    await expect(openDatabase({ kind: "embedded", dataDir })).rejects.toBeInstanceOf(DatabaseBusyError);
  });

  it("opens with a 16 MB buffer cache, not PostgreSQL's resident 128 MB (the demo's memory)", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "weex-db-"));
    dirs.push(dataDir);
    const database = await openDatabase({ kind: "embedded", dataDir });
    try {
      const rows = await database.withSession((s) => s.query<{ shared_buffers: string }>("SHOW shared_buffers"));
      expect(rows[0]?.shared_buffers).toBe("16MB");
    } finally {
      await database.close();
    }
  });
});

describe.runIf(TEST_DATABASE_URL)("several processes migrating one PostgreSQL at once", () => {
  it("applies each migration exactly once", async () => {
    const fresh = await freshSchema(TEST_DATABASE_URL!);
    const dbs = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ kind: "postgres", url: TEST_DATABASE_URL!, schema: fresh.schema, max: 2 })),
    );
    try {
      const results = await Promise.all(dbs.map((d) => migrate(d)));
      const applied = results.flatMap((r) => r.applied);
      expect(applied.sort()).toEqual(readMigrations().map((m) => m.name).sort());
    } finally {
      await Promise.all(dbs.map((d) => d.close()));
      await fresh.drop();
    }
  });
});
