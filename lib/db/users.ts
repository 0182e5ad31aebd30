/** Users: creation, lookup, changes, and the accounts that must exist at start. */
import "server-only";
import bcrypt from "bcryptjs";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "./connection";
import { revokeCredentialsOf, type RevokedCredentials } from "./credentials";
import { ROLES, USER_ROLES, users, type Role, type UserRole, type UserRow } from "./schema";
import type { Locale } from "../i18n/locales";
import { normalScope, type Scope } from "../contract/scope";
import { DEMO_PARTNER, DEMO_PARTNER_PASSWORD } from "../contract/roles";
import { normalizeUsername } from "../config/user-rules";

export { ROLES, USER_ROLES, type Role, type UserRole, type UserRow, type Scope, type RevokedCredentials };

/** bcrypt work factor: about 0.1-0.2 s per hash in bcryptjs on a small server. */
export const BCRYPT_COST = 11;
export const DEMO_PASSWORD = "demo";
export { normalizeUsername, passwordProblem, PASSWORD_MAX_BYTES, PASSWORD_MIN, USERNAME_RE, usernameProblem } from "../config/user-rules";

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

let dummyHash: Promise<string> | undefined;

/**
 * Compare a password with a user's hash. For an unknown user, compare with a dummy hash anyway,
 * so the answer takes as long as for a known one (no username probing by timing).
 */
export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  if (hash === undefined) {
    dummyHash ??= bcrypt.hash("no such user", BCRYPT_COST);
    await bcrypt.compare(password, await dummyHash);
    return false;
  }
  return bcrypt.compare(password, hash);
}

export class UsernameTakenError extends Error {
  constructor(username: string) {
    super(`The username ${username} is already taken.`);
    this.name = "UsernameTakenError";
  }
}

/** What the API and the CLI show of a user: never the hash. */
export interface PublicUser {
  id: string;
  username: string;
  role: UserRole;
  /** a partner's scope; null for the other roles */
  scope: Scope | null;
  /** where their own reports go (a partner's); null: none */
  email: string | null;
  disabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export function toPublicUser(u: UserRow): PublicUser {
  return {
    id: u.id,
    username: u.username,
    role: u.role,
    scope: scopeOf(u),
    email: u.email,
    disabled: u.disabled,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

/** A partner's scope as stored (its normal form); null for the other roles. */
export function scopeOf(u: Pick<UserRow, "role" | "scopeSubAffiliateUids" | "scopeInviteCodes">): Scope | null {
  return u.role === "partner" ? normalScope({ subAffiliateUids: u.scopeSubAffiliateUids, inviteCodes: u.scopeInviteCodes }) : null;
}

/** The scope columns for a role: a partner's scope in its normal form, nothing for the other roles. */
function scopeColumns(role: UserRole, scope: Scope | undefined) {
  if (role !== "partner") return { scopeSubAffiliateUids: [], scopeInviteCodes: [] };
  if (!scope) throw new Error("A partner needs a scope: sub-affiliate UIDs and/or invite codes.");
  const s = normalScope(scope);
  return { scopeSubAffiliateUids: s.subAffiliateUids, scopeInviteCodes: s.inviteCodes };
}

/** Whether a database error (or one it wraps) is a unique constraint's refusal. */
export function isUniqueViolation(e: unknown): boolean {
  for (let err = e; err; err = (err as { cause?: unknown }).cause) {
    if ((err as { code?: string }).code === "23505") return true;
  }
  return false;
}

/** Create a user; the caller has validated the username, the password and (a partner's) scope. */
export async function createUser(db: Db, input: { username: string; password: string; role: UserRole; scope?: Scope; email?: string | null }): Promise<UserRow> {
  const username = normalizeUsername(input.username);
  const scope = scopeColumns(input.role, input.scope);
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db.insert(users).values({ username, passwordHash, role: input.role, ...scope, email: input.email ?? null }).returning();
    return row!;
  } catch (e) {
    if (isUniqueViolation(e)) throw new UsernameTakenError(username);
    throw e;
  }
}

export async function getUserById(db: Db, id: string): Promise<UserRow | undefined> {
  // Ids are UUIDs; anything else cannot exist (and would be a SQL error for the uuid column).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function getUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.username, normalizeUsername(username)));
  return row;
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.username));
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

export async function countActiveAdmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.disabled, false)));
  return Number(row?.n ?? 0);
}

export interface UserChanges {
  role?: UserRole;
  /** a partner's new scope (required when the role becomes partner) */
  scope?: Scope;
  password?: string;
  disabled?: boolean;
  /** null: remove it */
  email?: string | null;
}

/**
 * Apply changes to a user. A new password or disabling ends the user's existing sessions
 * (session_version is part of every session token and checked on each request) and, in the same
 * transaction, their API tokens and share links (credentials.ts): whoever the change locks out
 * keeps no way in. `revoked` lists what that ended (null when the change ends nothing).
 */
export async function changeUserRow(db: Db, id: string, changes: UserChanges): Promise<{ row: UserRow; revoked: RevokedCredentials | null } | undefined> {
  const before = await getUserById(db, id);
  if (!before) return undefined;
  const set: PgUpdateSetSource<typeof users> = { updatedAt: new Date() };
  if (changes.role !== undefined) set.role = changes.role;
  // The scope goes with the role: a partner keeps theirs unless a new one is given, anyone else has none.
  if (changes.role !== undefined || changes.scope !== undefined) Object.assign(set, scopeColumns(changes.role ?? before.role, changes.scope ?? scopeOf(before) ?? undefined));
  if (changes.disabled !== undefined) set.disabled = changes.disabled;
  if (changes.email !== undefined) set.email = changes.email;
  if (changes.password !== undefined) set.passwordHash = await hashPassword(changes.password);
  const locksOut = changes.password !== undefined || changes.disabled === true;
  if (locksOut) set.sessionVersion = sql`${users.sessionVersion} + 1`;
  return db.transaction(async (tx) => {
    const [row] = await tx.update(users).set(set).where(eq(users.id, id)).returning();
    if (!row) return undefined;
    return { row, revoked: locksOut ? await revokeCredentialsOf(tx, id) : null };
  });
}

/** `changeUserRow`, the row only. */
export async function updateUser(db: Db, id: string, changes: UserChanges): Promise<UserRow | undefined> {
  return (await changeUserRow(db, id, changes))?.row;
}

export interface BootstrapOptions {
  mode: "demo" | "live";
  /** checked against the username and password rules by the configuration */
  bootstrapAdmin: { username: string; password: string } | null;
  warn: (message: string) => void;
}

export interface StartupUsers {
  /** demo mode, and the demo accounts are this database's own: the login page may offer them */
  demoAccounts: boolean;
}

/**
 * The accounts that must exist when the server starts:
 * - an empty user table gets BOOTSTRAP_ADMIN_* (if set);
 * - demo mode has viewer/trader/admin with password "demo" (created when missing), but only in
 *   a database that holds nobody else: demo mode pointed at a real database (a PostgreSQL
 *   DATABASE_URL left in place) must not open it to "admin"/"demo". Decided on the table as
 *   this start found it, before the bootstrap admin: a first demo start may create both;
 * - live mode never lets those demo accounts in: one still using the demo password is disabled
 *   (a DATA_DIR that was used for the demo and then switched to live keys) — the demo's example
 *   partner too while they have theirs (DEMO_PARTNER, added by `npm run demo`: scripts/demo-seed.ts).
 */
export async function ensureStartupUsers(db: Db, opts: BootstrapOptions): Promise<StartupUsers> {
  const demoAccounts = opts.mode === "demo" && (await holdsOnlyDemoAccounts(db));
  if (opts.bootstrapAdmin && (await countUsers(db)) === 0) {
    try {
      await createUser(db, { ...opts.bootstrapAdmin, role: "admin" });
    } catch (e) {
      // another process starting at the same time created it
      if (!(e instanceof UsernameTakenError)) throw e;
    }
  }
  for (const role of [...ROLES, DEMO_PARTNER] as const) {
    const existing = await getUserByUsername(db, role);
    if (opts.mode === "demo") {
      // (the example partner is added over the API by the demo script, with its scope)
      if (role === DEMO_PARTNER) continue;
      if (demoAccounts && !existing) {
        try {
          await createUser(db, { username: role, password: DEMO_PASSWORD, role });
        } catch (e) {
          if (!(e instanceof UsernameTakenError)) throw e;
        }
      }
    } else if (existing && !existing.disabled && (await verifyPassword(demoPasswordOf(role), existing.passwordHash))) {
      await updateUser(db, existing.id, { disabled: true });
      opts.warn(`Live mode: disabled the demo account "${role}", which still had the demo password.`);
    }
  }
  if (opts.mode === "demo" && !demoAccounts) {
    opts.warn(
      `Demo mode: the database already has users other than the demo accounts, so this start creates none of ${ROLES.join(", ")} (password "${DEMO_PASSWORD}") ` +
        "and the login page does not offer them. Sign in with an existing account, or give the demo an empty DATA_DIR or database of its own.",
    );
  }
  if (opts.mode === "live" && (await countActiveAdmins(db)) === 0) {
    opts.warn("There is no enabled admin. Create one with `npm run users -- add <name> admin`, or set BOOTSTRAP_ADMIN_USERNAME/BOOTSTRAP_ADMIN_PASSWORD on an empty database.");
  }
  return { demoAccounts };
}

/**
 * Whether every user is a demo account: one of the demo usernames (or the demo's example
 * partner) that still has its demo password (a real "admin" of a live install is somebody
 * else). An empty table qualifies.
 */
async function holdsOnlyDemoAccounts(db: Db): Promise<boolean> {
  const rows = await listUsers(db);
  if (rows.some((u) => !([...ROLES, DEMO_PARTNER] as readonly string[]).includes(u.username))) return false;
  for (const u of rows) if (!(await verifyPassword(demoPasswordOf(u.username), u.passwordHash))) return false;
  return true;
}

/** The password a demo account is created with: "demo", the example partner's their own (see DEMO_PARTNER_PASSWORD). */
function demoPasswordOf(username: string): string {
  return username === DEMO_PARTNER ? DEMO_PARTNER_PASSWORD : DEMO_PASSWORD;
}

/** The demo's example partner's scope, while they exist as a partner and are enabled (the login page lists them); else null. */
export async function demoPartnerScope(db: Db): Promise<Scope | null> {
  const u = await getUserByUsername(db, DEMO_PARTNER);
  return u && !u.disabled ? scopeOf(u) : null;
}

/** Remember the language a user chose (null: back to the browser's). */
export async function setUserLocale(db: Db, id: string, locale: Locale | null): Promise<boolean> {
  if (!(await getUserById(db, id))) return false;
  await db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, id));
  return true;
}
