/**
 * Helpers for HTTP tests against the server global-setup.ts started (contract 4):
 * `login(role)` signs in through next-auth's credentials flow over HTTP and returns the cookie
 * header; `api(path, init)` calls a route; `simStats()` reads the simulator's counters and
 * `simRecent()` its last requests.
 */
import { expect, inject } from "vitest";
import type { SimRecentRequest, SimStats } from "../../lib/simulator";
import { cookiePairs, credentialsSignIn } from "../../scripts/sign-in";
import { patiently } from "./patient";

export type Role = "viewer" | "trader" | "admin";
export const ROLES: readonly Role[] = ["viewer", "trader", "admin"];

export const baseUrl = (): string => inject("baseUrl");
export const simUrl = (): string => inject("simUrl");

export interface LoginAttempt {
  status: number;
  /** the Cookie header to use afterwards (session cookie included on success) */
  cookie: string;
  setCookies: string[];
  body: unknown;
  retryAfter: string | null;
}

/** One sign-in attempt: GET /api/auth/csrf, then POST /api/auth/callback/credentials. */
export async function attemptLogin(username: string, password: string, opts: { headers?: Record<string, string>; base?: string } = {}): Promise<LoginAttempt> {
  const answer = await credentialsSignIn(opts.base ?? baseUrl(), username, password, opts.headers);
  let body: unknown = answer.text;
  try {
    body = JSON.parse(answer.text);
  } catch {
    // not JSON
  }
  return { status: answer.status, cookie: answer.cookie, setCookies: answer.setCookies, body, retryAfter: answer.retryAfter };
}

/**
 * What a flood of wrong guesses at one username must come to: at most 5 passwords checked (each
 * a 401), the rest refused with 429 and a Retry-After; in the audit log's outcomes of that
 * username, every checked guess a failure (a guess whose answer was lost may be one more), never
 * more than 5, and one "throttled" entry for the block, not one per refused guess.
 */
export function expectFloodThrottled(guesses: LoginAttempt[], auditOutcomes: string[]): void {
  const checked = guesses.filter((g) => g.status !== 429);
  expect(checked.length).toBeGreaterThan(0);
  expect(checked.length).toBeLessThanOrEqual(5);
  for (const g of checked) expect(g.status).toBe(401);
  for (const g of guesses.filter((x) => x.status === 429)) expect(Number(g.retryAfter)).toBeGreaterThan(0);
  const failures = auditOutcomes.filter((o) => o === "failure").length;
  expect(failures).toBeGreaterThanOrEqual(checked.length);
  expect(failures).toBeLessThanOrEqual(5);
  expect(auditOutcomes.filter((o) => o === "throttled")).toHaveLength(1);
}

/**
 * Sign out as the shell does (next-auth's POST /api/auth/signout with its CSRF token, and the
 * page to go to afterwards when `callbackUrl` is given); the response.
 */
export async function signOut(cookie: string, opts: { base?: string; callbackUrl?: string } = {}): Promise<Response> {
  const base = opts.base ?? baseUrl();
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers: { cookie } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = cookiePairs(csrf).join("; ");
  return fetch(`${base}/api/auth/signout`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: [cookie, csrfCookie].filter(Boolean).join("; "), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, ...(opts.callbackUrl === undefined ? {} : { callbackUrl: opts.callbackUrl }), json: "true" }),
  });
}

/**
 * `run` again when the connection failed before an answer (a kept-alive connection the server
 * closed as idle just as a request went out: a race of hundreds of parallel requests on a
 * loaded machine). Only for requests whose repetition the test's assertions allow.
 */
export async function retryingConnection<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (e) {
      if (i >= tries || !(e instanceof TypeError && e.message === "fetch failed")) throw e;
    }
  }
}

const sessions = new Map<string, string>();

/** Sign in as a demo role (or any user) and return the Cookie header; cached per user. */
export async function login(user: Role | string, password = "demo", opts: { fresh?: boolean; base?: string } = {}): Promise<string> {
  const key = `${opts.base ?? ""}|${user}|${password}`;
  const hit = sessions.get(key);
  if (hit && !opts.fresh) return hit;
  const r = await attemptLogin(user, password, { base: opts.base });
  if (r.status !== 200 || !r.cookie.includes("session-token")) {
    throw new Error(`login as ${user} failed: HTTP ${r.status} ${JSON.stringify(r.body)}`);
  }
  // A fresh session is the caller's own (it may sign it out): later callers keep the shared one.
  if (!opts.fresh) sessions.set(key, r.cookie);
  return r.cookie;
}

/** A new partner of `scope`, made by the admin, signed in: their Cookie header. */
export async function signedInPartner(username: string, scope: { subAffiliateUids?: string[]; inviteCodes?: string[] }): Promise<string> {
  const made = await api("/api/admin/users", { cookie: await login("admin"), method: "POST", body: { username, password: "partner-password", role: "partner", scope } });
  if (made.status !== 201) throw new Error(`making the partner ${username} failed: HTTP ${made.status} ${made.text}`);
  return login(username, "partner-password");
}

export interface ApiInit {
  cookie?: string;
  method?: string;
  /** an object is sent as JSON; a string as is */
  body?: unknown;
  headers?: Record<string, string>;
  base?: string;
  /**
   * On 429 (the shared upstream budget is spent, e.g. by the previous test file's export),
   * wait Retry-After and ask again, as a person would. For tests not about rate limits.
   */
  patient?: boolean;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  json: T;
}

export async function api<T = unknown>(path: string, init: ApiInit = {}): Promise<ApiResponse<T>> {
  if (init.patient) return patiently(() => api<T>(path, { ...init, patient: false }));
  const headers: Record<string, string> = { ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(`${init.base ?? baseUrl()}${path}`, { method: init.method ?? "GET", headers, body, redirect: "manual" });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON (HTML page, CSV, empty)
  }
  return { status: res.status, headers: res.headers, text, json: json as T };
}

export async function simStats(): Promise<SimStats> {
  const res = await fetch(`${simUrl()}/__sim/stats`);
  return (await res.json()) as SimStats;
}

/** The last requests that reached the simulator's endpoints, oldest first. */
export async function simRecent(): Promise<SimRecentRequest[]> {
  const res = await fetch(`${simUrl()}/__sim/recent`);
  return (await res.json()) as SimRecentRequest[];
}

/** Sets the simulator's faults (lib/simulator/faults.ts); `{}` clears them. */
export async function simFaults(faults: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${simUrl()}/__sim/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(faults) });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** The API key the shared dashboard signs with (global-setup.ts). */
export const dashboardKey = (): string => inject("simCredentials").apiKey;

/** A fresh client order id (the simulator rejects duplicates). */
let seq = 0;
export function clientOrderId(prefix = "t"): string {
  return `${prefix}-${Date.now().toString(36)}-${(seq++).toString(36)}`;
}

/** A new order refused by the order cap: 429 rate_limited "not sent", with a Retry-After within the minute. */
export function expectRefusedUnsent(res: ApiResponse<{ error?: { code: string; message: string } }>): void {
  expect(res.status, res.text).toBe(429);
  expect(res.json.error).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/not sent/) });
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}
