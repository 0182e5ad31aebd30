/**
 * Login throttling: at most a few sign-in attempts for one username, or from one IP, within a
 * sliding window; further attempts get 429 until the oldest counted one leaves the window. The
 * username limit stops password guessing against one account (from any number of addresses);
 * the IP limit stops one client from trying many accounts. A successful sign-in clears the
 * username's count.
 *
 * An address is counted by its key (address-key.ts): an IPv6 client by its /64, the block one
 * customer gets, so a client cannot take a fresh budget from each of its 2^64 addresses.
 *
 * The username limit does not lock its owner out of the places they sign in from: an address
 * (key) the username signed in from, with its right password, within `knownForMs` has a budget
 * of its own under the username's limit (its own `maxPerUsername` attempts of that username),
 * apart from the budget all other addresses share. A flood of guesses from elsewhere then
 * blocks only the elsewhere budget. Such an address is written by a successful sign-in only;
 * each username keeps its `maxKnownPerUsername` most recent ones and forgets one unused for
 * `knownForMs` (pruned with the attempts), so the table is bounded by the accounts. Guessing
 * from a known address (from within the owner's /64 or behind the owner's NAT) gets that
 * address's budget and the IP limit, no more.
 *
 * An attempt takes its slot before its password is checked, in one atomic step in the database
 * (`takeLoginAttempt`), shared by every instance on one PostgreSQL: parallel guesses cannot all
 * pass the count while the slow hashes of the first ones run. The audit log says "throttled"
 * once per block of a username or IP, not once per refused request.
 */
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { isIP } from "node:net";
import type { Db } from "@/lib/db";
import { clearLoginFailures, pruneLoginAttempts, rememberLoginAddress, takeLoginAttempt } from "@/lib/db/login-attempts";
import { addressKey } from "./address-key";

export const THROTTLE = {
  windowMs: 15 * 60_000,
  maxPerUsername: 5,
  maxPerIp: 20,
  knownForMs: 90 * 24 * 60 * 60_000,
  maxKnownPerUsername: 10,
} as const;

/**
 * The longest username kept (the throttle's key, the audit log): no user has a longer one
 * (USERNAME_RE), and a flood of megabyte-long names must not fill the database.
 */
export const MAX_STORED_USERNAME = 64;

export type AttemptSlot = { allowed: true } | { allowed: false; retryAfterSeconds: number; reason: "username" | "ip"; firstRefusal: boolean };

/** Take the slot of one sign-in attempt (before its password is checked), or learn it has none. */
export async function takeAttempt(db: Db, username: string, ip: string, now?: number): Promise<AttemptSlot> {
  const r = await takeLoginAttempt(db, username.slice(0, MAX_STORED_USERNAME), addressKey(ip), THROTTLE, now === undefined ? undefined : new Date(now));
  if (r.taken) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(r.waitMs / 1000)), reason: r.reason, firstRefusal: r.firstRefusal };
}

const PRUNE_EVERY_MS = 60_000;
const g = globalThis as typeof globalThis & { __weexLoginPrunedAt?: number; __weexSignInRefusal?: AsyncLocalStorage<{ refusal?: SignInRefusal }> };

/** After a failed attempt (its slot stays, counted): now and then, forget what no window counts. */
export async function noteFailure(db: Db, now = Date.now()): Promise<void> {
  if (now - (g.__weexLoginPrunedAt ?? 0) < PRUNE_EVERY_MS) return;
  g.__weexLoginPrunedAt = now;
  // Nothing older than a day is ever counted.
  await pruneLoginAttempts(db, new Date(now - 24 * 60 * 60_000), new Date(now - THROTTLE.knownForMs));
}

/**
 * After the right password: the username's count starts over, and `from` (the client's IP, when
 * given: a sign-in's, not a share link's unlock, whose cookie stands for it) becomes an address
 * the username signed in from.
 */
export async function noteSuccess(db: Db, username: string, from?: string, now?: number): Promise<void> {
  const key = username.slice(0, MAX_STORED_USERNAME);
  await clearLoginFailures(db, key);
  // ("unknown", a socket not known, is everyone's: never an address of one user)
  if (from !== undefined && isIP(from) !== 0) await rememberLoginAddress(db, key, addressKey(from), THROTTLE.maxKnownPerUsername, now === undefined ? undefined : new Date(now));
}

export function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed sign-ins. Try again in ${minutes === 1 ? "1 minute" : `${minutes} minutes`}.`;
}

export const BUSY_MESSAGE = "The server is checking many sign-ins at once. Try again in a few seconds.";

// ---------------------------------------------------------------------------------------------
// Telling the sign-in route why an attempt was refused

/**
 * next-auth knows only "401, CredentialsSignin" or an error's message; the login page needs a
 * 429 with Retry-After and a sentence. The route runs next-auth inside `withSignInRefusal`, and
 * `authorize` (which decides, whatever shape the request body had) leaves its refusal here.
 */
export interface SignInRefusal {
  retryAfterSeconds: number;
  message: string;
}

const refusals = (g.__weexSignInRefusal ??= new AsyncLocalStorage());

export async function withSignInRefusal(run: () => Promise<Response>): Promise<{ response: Response; refusal: SignInRefusal | null }> {
  const box: { refusal?: SignInRefusal } = {};
  const response = await refusals.run(box, run);
  return { response, refusal: box.refusal ?? null };
}

/** Record why this sign-in is refused (for the route's answer); the caller then throws. */
export function refuseSignIn(refusal: SignInRefusal): void {
  const box = refusals.getStore();
  if (box) box.refusal = refusal;
}
