/**
 * Sessions and roles.
 *
 * Sign-in is next-auth's credentials provider (username + password, bcrypt in the database)
 * with JWT session cookies, so any number of server processes can serve one user. The token
 * carries the user's id, name, role, `session_version` and its session's id (`sid`, a row of
 * user_sessions made at sign-in); every request re-checks the user and the session in the
 * database (through a cache of a few seconds) so that disabling a user, resetting their
 * password, changing their role or signing out takes effect at once, not when the token
 * expires. A session ends SESSION_MAX_AGE_S after sign-in however often its token is renewed.
 *
 * Roles, each including the one before: viewer < trader < admin; and `partner` outside them,
 * bound to a scope (lib/contract/scope.ts) read with the user: a partner's user row is read on
 * every request (never from the cache below), so a change of their scope applies to their next
 * request on every instance.
 */
import "server-only";
import type { AuthOptions } from "next-auth";
import { getServerSession } from "next-auth";
import { getToken, type JWT } from "next-auth/jwt";
import { cachedDecode } from "./token-cache";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb, type Db } from "@/lib/db";
import { createSession, getSession, pruneSessions, revokeSession } from "@/lib/db/sessions";
import { getUserById, getUserByUsername, normalizeUsername, scopeOf, type Role, type Scope, type UserRole } from "@/lib/db/users";
import { audit } from "./audit";
import type { SessionUser } from "./principal";
import { getAuthSecret } from "@/lib/config/config";
import { ownPath } from "@/lib/contract/callback-url";
import type { Locale } from "@/lib/i18n/locales";
import { logger } from "@/lib/log/log";
import { BUSY_RETRY_AFTER_S, reservePasswordCheck } from "./password-pool";
import { clientIp, isHttps } from "../http/request-info";
import { BUSY_MESSAGE, MAX_STORED_USERNAME, noteFailure, noteSuccess, refuseSignIn, takeAttempt, throttledMessage } from "./throttle";

export type { Role, Scope, UserRole };

declare module "next-auth" {
  interface User {
    role: UserRole;
    ver: number;
    locale: Locale | null;
    /** the session this sign-in opened (user_sessions) */
    sid: string;
  }
  interface Session {
    user?: { id: string; name: string; username: string; role: UserRole; scope: Scope | null; locale: Locale | null };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid?: string;
    username?: string;
    role?: UserRole;
    ver?: number;
    /** the session's id (user_sessions): revoked at sign-out */
    sid?: string;
    /** the language saved with the user at sign-in (proxy.ts seeds the browser's cookie with it) */
    locale?: Locale | null;
  }
}



/** Sessions last a working day; signing in again is cheap, a stolen cookie ages out. */
export const SESSION_MAX_AGE_S = 12 * 60 * 60;
/**
 * How stale a user's role/disabled state, or a session's sign-out, may be in one process (the
 * process that handles a change forgets at once; other processes within this time).
 */
export const USER_CACHE_MS = 5_000;
/** Longer input is not a password anyone has; refuse it before hashing. */
const MAX_CREDENTIAL_LENGTH = 1024;

// ---------------------------------------------------------------------------------------------
// The per-request user check

export interface UserState {
  id: string;
  username: string;
  role: UserRole;
  scope: Scope | null;
  disabled: boolean;
  sessionVersion: number;
  locale: Locale | null;
}

interface SessionState {
  userId: string;
  expiresAt: number;
  revoked: boolean;
}

export type Cache<T> = Map<string, { at: number; state: Promise<T | null> }>;
const g = globalThis as typeof globalThis & { __weexUserCache?: Cache<UserState>; __weexSessionCache?: Cache<SessionState>; __weexSessionsPrunedAt?: number };
const userCache = (g.__weexUserCache ??= new Map());
const sessionCache = (g.__weexSessionCache ??= new Map());

/**
 * A lookup through a cache of USER_CACHE_MS: concurrent requests share one lookup; a failed one
 * is not remembered. (Users, sessions, and API tokens in api-tokens.ts: one bound for all.)
 */
export function cached<T>(cache: Cache<T>, key: string, load: () => Promise<T | null>): Promise<T | null> {
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < USER_CACHE_MS) return hit.state;
  if (cache.size > 10_000) cache.clear();
  const state = load();
  cache.set(key, { at: now, state });
  state.catch(() => cache.delete(key));
  return state;
}

export function loadUserState(id: string): Promise<UserState | null> {
  const state = cached(userCache, id, () =>
    getDb()
      .then((db) => getUserById(db, id))
      .then((u) => (u ? { id: u.id, username: u.username, role: u.role, scope: scopeOf(u), disabled: u.disabled, sessionVersion: u.sessionVersion, locale: u.locale ?? null } : null)),
  );
  // A partner's scope is what keeps other people's rows from them: it is read per request
  // (requests in flight together still share one read), so a narrowed scope applies to their
  // next request on every instance, not USER_CACHE_MS later on the others.
  state.then(
    (s) => {
      if (s?.role === "partner" && userCache.get(id)?.state === state) userCache.delete(id);
    },
    () => {},
  );
  return state;
}

function loadSessionState(sid: string): Promise<SessionState | null> {
  return cached(sessionCache, sid, () =>
    getDb()
      .then((db) => getSession(db, sid))
      .then((s) => (s ? { userId: s.userId, expiresAt: s.expiresAt.getTime(), revoked: s.revokedAt !== null } : null)),
  );
}

/** Forget what this process knows about a user (after an admin changed them). */
export function forgetUser(id: string): void {
  userCache.delete(id);
}

/** The user a session token stands for, if they still exist, are enabled, and the token and its session are current. */
export async function userFromToken(token: JWT | null): Promise<SessionUser | null> {
  if (!token || typeof token.uid !== "string" || typeof token.ver !== "number" || typeof token.sid !== "string") return null;
  const [state, session] = await Promise.all([loadUserState(token.uid), loadSessionState(token.sid)]);
  if (!state || state.disabled || state.sessionVersion !== token.ver) return null;
  if (!session || session.revoked || session.userId !== state.id || session.expiresAt <= Date.now()) return null;
  return { id: state.id, username: state.username, role: state.role, scope: state.scope, locale: state.locale };
}

/** Sign-out: the session ends in the database (every instance) and in this process at once. */
async function endSession(sid: string): Promise<void> {
  await revokeSession(await getDb(), sid);
  sessionCache.set(sid, { at: Date.now(), state: Promise.resolve(null) });
}

/** Thrown by the jwt callback for a token whose session has ended: next-auth then renews nothing and clears the cookie. */
class SessionEndedError extends Error {
  constructor() {
    super("The session has ended");
    this.name = "SessionEndedError";
  }
}

/** The signed-in user of a route handler request, or null. */
export async function getRequestUser(req: Request): Promise<SessionUser | null> {
  const token = await getToken({
    req: req as Parameters<typeof getToken>[0]["req"],
    secret: getAuthSecret(),
    secureCookie: isHttps(req.headers),
    decode: cachedDecode,
  });
  return userFromToken(token);
}

/** The signed-in user in a server component or page, or null. */
export async function getCurrentUser(): Promise<SessionUser | null> {
  const u = (await getServerSession(authOptions))?.user;
  return u ? { id: u.id, username: u.username, role: u.role, scope: u.scope ?? null, locale: u.locale ?? null } : null;
}

// ---------------------------------------------------------------------------------------------
// Sign-in

async function authorize(credentials: Record<"username" | "password", string> | undefined, headers: Record<string, unknown>) {
  const username = normalizeUsername(String(credentials?.username ?? "")).slice(0, MAX_CREDENTIAL_LENGTH);
  const password = String(credentials?.password ?? "");
  const ip = clientIp(headers as Record<string, string>);
  // What the audit log keeps of the name (the throttle keys on the same prefix).
  const who = username.slice(0, MAX_STORED_USERNAME) || null;

  // A seat for the password check first: a flood of attempts is refused before it costs a
  // database round trip or a hash (password-pool.ts).
  const seat = reservePasswordCheck();
  if (!seat) {
    refuseSignIn({ retryAfterSeconds: BUSY_RETRY_AFTER_S, message: BUSY_MESSAGE });
    throw new Error("Busy");
  }
  let checking = false;
  try {
    const db = await getDb();
    // The attempt's slot before its check: counted and recorded in one step (throttle.ts).
    const slot = await takeAttempt(db, username, ip);
    if (!slot.allowed) {
      if (slot.firstRefusal) await audit({ username: who, action: "login", ip, outcome: "throttled", detail: { reason: slot.reason } });
      refuseSignIn({ retryAfterSeconds: slot.retryAfterSeconds, message: throttledMessage(slot.retryAfterSeconds) });
      // next-auth turns a thrown error into ?error=<message>; the route answers 429 instead.
      throw new Error("Throttled");
    }

    const mayExist = username !== "" && username.length <= MAX_STORED_USERNAME && password.length <= MAX_CREDENTIAL_LENGTH;
    const user = mayExist ? await getUserByUsername(db, username) : undefined;
    // Always hash, also for unknown users: the time taken says nothing about which usernames exist.
    checking = true;
    const passwordOk = await seat.check(password.slice(0, MAX_CREDENTIAL_LENGTH), user?.passwordHash);
    if (!user || !passwordOk || user.disabled) {
      await noteFailure(db);
      const reason = !user ? "unknown_user" : !passwordOk ? "wrong_password" : "disabled";
      await audit({ username: who, action: "login", ip, outcome: "failure", detail: { reason } });
      return null;
    }
    await noteSuccess(db, username, ip);
    const sid = await createSession(db, user.id, new Date(Date.now() + SESSION_MAX_AGE_S * 1000));
    await pruneEndedSessions(db);
    await audit({ username, action: "login", ip, outcome: "success", detail: { role: user.role } });
    return { id: user.id, name: user.username, role: user.role, ver: user.sessionVersion, locale: user.locale ?? null, sid };
  } finally {
    if (!checking) seat.release();
  }
}

/** Now and then, at a sign-in: forget sessions that ended more than a day ago. */
async function pruneEndedSessions(db: Db): Promise<void> {
  const now = Date.now();
  if (now - (g.__weexSessionsPrunedAt ?? 0) < 60 * 60_000) return;
  g.__weexSessionsPrunedAt = now;
  await pruneSessions(db, new Date(now - 24 * 60 * 60_000));
}

const authLog = () => logger("next-auth");

/**
 * next-auth's options. `secret` is a getter: it is read per request, never at build time, and
 * comes from AUTH_SECRET or (demo) DATA_DIR, never from a NEXT_PUBLIC_* variable.
 */
export const authOptions: AuthOptions = {
  providers: [
    CredentialsProvider({
      id: "credentials",
      name: "Username and password",
      credentials: {
        username: { label: "Username", type: "text" },
        password: { label: "Password", type: "password" },
      },
      authorize: (credentials, req) => authorize(credentials, (req.headers ?? {}) as Record<string, unknown>),
    }),
  ],
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
  pages: { signIn: "/login", error: "/login" },
  get secret() {
    return getAuthSecret();
  },
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        // Only what the server needs; no e-mail, no picture.
        return { sub: user.id, uid: user.id, username: user.name ?? undefined, role: user.role, ver: user.ver, locale: user.locale, sid: user.sid };
      }
      // A renewal (/api/auth/session, a page's getServerSession): a session that has ended (sign-out,
      // disabled, password reset, past its absolute end) is not renewed, and its cookie is cleared.
      if (!(await userFromToken(token))) throw new SessionEndedError();
      return token;
    },
    // Where next-auth sends the browser (its JSON answer, its redirects, its callback-url
    // cookie): a path of this dashboard by the one rule (lib/contract/callback-url.ts), else "/".
    redirect({ url, baseUrl }) {
      return new URL(ownPath(url, baseUrl) ?? "/", baseUrl).href;
    },
    async session({ session, token }) {
      const user = await userFromToken(token);
      // A disabled user, or a token from before a password reset, has no session.
      return user ? { expires: session.expires, user: { id: user.id, name: user.username, username: user.username, role: user.role, scope: user.scope, locale: user.locale } } : { expires: session.expires };
    },
  },
  events: {
    async signOut({ token }) {
      if (typeof token?.sid === "string") await endSession(token.sid);
      if (token?.username) await audit({ username: token.username, action: "logout", outcome: "success" });
    },
  },
  logger: {
    error: (code, metadata) => {
      // An ended session presented again (an old tab after sign-out) is no server error.
      if ((metadata as Error | undefined)?.name === "SessionEndedError") return authLog().info({ code }, "an ended session was presented");
      authLog().error({ code, err: metadata instanceof Error ? metadata : undefined }, "next-auth error");
    },
    warn: (code) => authLog().warn({ code }, "next-auth warning"),
    debug: () => {},
  },
};
