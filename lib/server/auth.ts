/**
 * Sessions and roles.
 *
 * Sign-in is next-auth's credentials provider (username + password, bcrypt in the database)
 * with stateless JWT sessions, so any number of server processes can serve one user. The token
 * carries the user's id, name, role and `session_version`; every request re-checks the user in
 * the database (through a cache of a few seconds) so that disabling a user, resetting their
 * password or changing their role takes effect at once, not when the token expires.
 *
 * Roles, each including the one before: viewer < trader < admin.
 */
import "server-only";
import type { AuthOptions } from "next-auth";
import { getServerSession } from "next-auth";
import { getToken, type JWT } from "next-auth/jwt";
import { cachedDecode } from "./token-cache";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/lib/db";
import { getUserById, getUserByUsername, normalizeUsername, type Role } from "@/lib/db/users";
import { audit } from "./audit";
import { getAuthSecret } from "@/lib/config/config";
import type { Locale } from "@/lib/i18n/locales";
import { logger } from "@/lib/log/log";
import { BUSY_RETRY_AFTER_S, reservePasswordCheck } from "./password-pool";
import { clientIp, isHttps } from "./request-info";
import { BUSY_MESSAGE, MAX_STORED_USERNAME, noteFailure, noteSuccess, refuseSignIn, takeAttempt, throttledMessage } from "./throttle";

export type { Role };

declare module "next-auth" {
  interface User {
    role: Role;
    ver: number;
    locale: Locale | null;
  }
  interface Session {
    user?: { id: string; name: string; username: string; role: Role; locale: Locale | null };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid?: string;
    username?: string;
    role?: Role;
    ver?: number;
    /** the language saved with the user at sign-in (proxy.ts seeds the browser's cookie with it) */
    locale?: Locale | null;
  }
}

/** A signed-in, enabled user as the route handlers see them. */
export interface SessionUser {
  id: string;
  username: string;
  role: Role;
  /** the language they chose in the shell; null: none yet (lib/i18n/locales.ts) */
  locale: Locale | null;
}


/** Sessions last a working day; signing in again is cheap, a stolen cookie ages out. */
export const SESSION_MAX_AGE_S = 12 * 60 * 60;
/** How stale a user's role/disabled state may be in one process (other processes: the same). */
const USER_CACHE_MS = 5_000;
/** Longer input is not a password anyone has; refuse it before hashing. */
const MAX_CREDENTIAL_LENGTH = 1024;

// ---------------------------------------------------------------------------------------------
// The per-request user check

interface UserState {
  id: string;
  username: string;
  role: Role;
  disabled: boolean;
  sessionVersion: number;
  locale: Locale | null;
}

const g = globalThis as typeof globalThis & { __weexUserCache?: Map<string, { at: number; state: Promise<UserState | null> }> };
const userCache = (g.__weexUserCache ??= new Map());

function loadUserState(id: string): Promise<UserState | null> {
  const now = Date.now();
  const hit = userCache.get(id);
  if (hit && now - hit.at < USER_CACHE_MS) return hit.state;
  if (userCache.size > 10_000) userCache.clear();
  const state = getDb()
    .then((db) => getUserById(db, id))
    .then((u) => (u ? { id: u.id, username: u.username, role: u.role, disabled: u.disabled, sessionVersion: u.sessionVersion, locale: u.locale ?? null } : null));
  // Concurrent requests share one lookup; a failed lookup is not remembered.
  userCache.set(id, { at: now, state });
  state.catch(() => userCache.delete(id));
  return state;
}

/** Forget what this process knows about a user (after an admin changed them). */
export function forgetUser(id: string): void {
  userCache.delete(id);
}

/** The user a session token stands for, if they still exist, are enabled and the token is current. */
export async function userFromToken(token: JWT | null): Promise<SessionUser | null> {
  if (!token || typeof token.uid !== "string" || typeof token.ver !== "number") return null;
  const state = await loadUserState(token.uid);
  if (!state || state.disabled || state.sessionVersion !== token.ver) return null;
  return { id: state.id, username: state.username, role: state.role, locale: state.locale };
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
  return u ? { id: u.id, username: u.username, role: u.role, locale: u.locale ?? null } : null;
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
    await noteSuccess(db, username);
    await audit({ username, action: "login", ip, outcome: "success", detail: { role: user.role } });
    return { id: user.id, name: user.username, role: user.role, ver: user.sessionVersion, locale: user.locale ?? null };
  } finally {
    if (!checking) seat.release();
  }
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
    jwt({ token, user }) {
      if (user) {
        // Only what the server needs; no e-mail, no picture.
        return { sub: user.id, uid: user.id, username: user.name ?? undefined, role: user.role, ver: user.ver, locale: user.locale };
      }
      return token;
    },
    async session({ session, token }) {
      const user = await userFromToken(token);
      // A disabled user, or a token from before a password reset, has no session.
      return user ? { expires: session.expires, user: { id: user.id, name: user.username, username: user.username, role: user.role, locale: user.locale } } : { expires: session.expires };
    },
  },
  events: {
    async signOut({ token }) {
      if (token?.username) await audit({ username: token.username, action: "logout", outcome: "success" });
    },
  },
  logger: {
    error: (code, metadata) => authLog().error({ code, err: metadata instanceof Error ? metadata : undefined }, "next-auth error"),
    warn: (code) => authLog().warn({ code }, "next-auth warning"),
    debug: () => {},
  },
};
