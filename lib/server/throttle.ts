/**
 * Login throttling: too many failed sign-ins for one username, or from one IP, within a
 * sliding window, and further attempts get 429 until the oldest counted failure leaves the
 * window. The username limit stops password guessing against one account; the IP limit stops
 * one client from trying many accounts. A successful sign-in clears the username's count.
 */
import "server-only";
import type { Db } from "@/lib/db";
import { clearLoginFailures, pruneLoginFailures, recentFailures, recordLoginFailure } from "@/lib/db/login-failures";

export const THROTTLE = {
  windowMs: 15 * 60_000,
  maxPerUsername: 5,
  maxPerIp: 20,
} as const;

export type ThrottleState = { blocked: false } | { blocked: true; retryAfterSeconds: number; reason: "username" | "ip" };

/** Blocked until the failure that made the count reach its limit leaves the window. */
function blockedUntil(failures: Date[], max: number): number | null {
  return failures.length >= max ? failures[max - 1]!.getTime() + THROTTLE.windowMs : null;
}

export async function throttleState(db: Db, username: string, ip: string, now = Date.now()): Promise<ThrottleState> {
  const since = new Date(now - THROTTLE.windowMs);
  const [byUser, byIp] = await Promise.all([
    recentFailures(db, { username }, since, THROTTLE.maxPerUsername),
    recentFailures(db, { ip }, since, THROTTLE.maxPerIp),
  ]);
  const userUntil = blockedUntil(byUser, THROTTLE.maxPerUsername);
  const ipUntil = blockedUntil(byIp, THROTTLE.maxPerIp);
  const until = Math.max(userUntil ?? 0, ipUntil ?? 0);
  if (until <= now) return { blocked: false };
  return {
    blocked: true,
    retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)),
    reason: userUntil !== null && userUntil >= (ipUntil ?? 0) ? "username" : "ip",
  };
}

export async function noteFailure(db: Db, username: string, ip: string): Promise<void> {
  await recordLoginFailure(db, username, ip);
  // Keep the table small: nothing older than a day is ever counted.
  await pruneLoginFailures(db, new Date(Date.now() - 24 * 60 * 60_000));
}

export async function noteSuccess(db: Db, username: string): Promise<void> {
  await clearLoginFailures(db, username);
}

export function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed sign-ins. Try again in ${minutes === 1 ? "1 minute" : `${minutes} minutes`}.`;
}
