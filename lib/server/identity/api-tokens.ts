/**
 * API tokens: making, listing and revoking them, and the check of a token request.
 *
 * - A token is `wxd_` and 32 random bytes (256 bits, base64url). It is shown once; the database
 *   keeps its SHA-256 only. A fast hash is right here and bcrypt is not: bcrypt's slowness is
 *   there to make guessing a low-entropy password expensive, and nobody guesses 256 random bits
 *   at any speed; a salted slow hash also cannot be looked up, so each request would cost a
 *   bcrypt comparison (~0.1 s of CPU, an easy flood). The hash is the row's key.
 * - Each request checks the token and its user through the same cache as sessions (auth.ts,
 *   USER_CACHE_MS = 5 s): revoking a token, disabling its user or lowering their role applies
 *   at once on the instance that did it and within 5 s on every other. An expired token fails
 *   at its expiry exactly (the time is checked per request, not cached).
 * - A token's role is the lower of the role it was made with and its user's current role; it
 *   changes anything (POST/PUT/PATCH/DELETE) only when made with `write` (route.ts).
 * - A token made for URLs is taken from ?access_token= on the CSV exports only; sent as a Bearer
 *   it is refused (401) everywhere: it is a read-only credential for spreadsheets that ends up
 *   in URLs, logs and histories, and must not open the JSON API to whoever finds it there.
 * - Rate: each person's tokens together at most API_TOKEN_RATE_PER_MIN requests (default 60) in
 *   any minute, then 429 with Retry-After: counted per user, not per token, so that making more
 *   tokens buys no more requests. Counted per process, like the budget's turns: a shared count
 *   would cost every token request a database write, and what a burst costs upstream is already
 *   bounded by the shared WEEX budget, where a user's tokens together take one person's turn.
 *   With N instances behind a load balancer a person gets at most N times the rate.
 * - The last use is written at most once a minute per token (and instance), not per request;
 *   the first use from an address the token was never used from is audit-logged, once.
 */
import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { getConfig } from "@/lib/config/config";
import { hasRole, ROLES, type Role } from "@/lib/contract/roles";
import { TOKEN_QUERY_PARAM } from "@/lib/contract/token-limits";
import { TOKEN_MAX_LIFETIME_MS, TOKEN_MAX_PER_USER, TOKEN_PREFIX, type TokenCreated, type TokenInput, type TokenView } from "@/lib/contract/tokens";
import { getDb } from "@/lib/db";
import { countLiveTokens, deleteToken, insertToken, listTokens, noteTokenAddress, tokenByHash, touchToken, type TokenGrant, type TokenListRow } from "@/lib/db/api-tokens";
import { logger } from "@/lib/log/log";
import { audit } from "./audit";
import { cached, loadUserState, type Cache } from "./auth";
import { ApiError, fieldError } from "../http/errors";
import { tokenParty, type Principal } from "./principal";
import { RateWindow } from "../http/rate-window";

/** 32 bytes in base64url: 43 characters. */
const TOKEN_RE = /^wxd_[A-Za-z0-9_-]{43}$/;
/** How often a token's last use is written (per token and instance). */
const LAST_USE_EVERY_MS = 60_000;

export function newTokenText(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

export function tokenHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

const g = globalThis as typeof globalThis & {
  __weexTokenGrants?: Cache<TokenGrant>;
  __weexTokenHashes?: Map<string, string>;
  __weexTokenRate?: RateWindow;
  __weexTokenUse?: { touched: Map<string, number>; addresses: Set<string> };
};
const grants = (g.__weexTokenGrants ??= new Map());
/** token id → hash, so a revocation forgets the grant in this process at once */
const hashes = (g.__weexTokenHashes ??= new Map());
const use = (g.__weexTokenUse ??= { touched: new Map(), addresses: new Set() });

function rate(): RateWindow {
  const limit = getConfig().apiTokenRatePerMinute;
  if (g.__weexTokenRate?.limit !== limit) g.__weexTokenRate = new RateWindow(limit, 60_000);
  return g.__weexTokenRate;
}

function loadGrant(hash: string): Promise<TokenGrant | null> {
  return cached(grants, hash, async () => {
    const grant = await tokenByHash(await getDb(), hash);
    if (grant) {
      if (hashes.size > 10_000) hashes.clear();
      hashes.set(grant.id, hash);
    }
    return grant ?? null;
  });
}

const NOT_VALID = "This API token is not valid: it was revoked, has expired, or its user can no longer sign in. Make a new one on the API tokens page.";

/**
 * The principal of a token request, or a 401 (no such token, revoked, expired, its user gone
 * or disabled), or a 429 past the token's rate. `fromUrl`: it came as ?access_token= (only a
 * token made for URLs may).
 */
export async function tokenPrincipal(text: string, ip: string, opts: { fromUrl: boolean }): Promise<Principal> {
  if (!TOKEN_RE.test(text)) throw new ApiError("unauthorized", NOT_VALID);
  const grant = await loadGrant(tokenHash(text));
  const now = Date.now();
  if (!grant || grant.expiresAt.getTime() <= now) throw new ApiError("unauthorized", NOT_VALID);
  const user = await loadUserState(grant.userId);
  if (!user || user.disabled) throw new ApiError("unauthorized", NOT_VALID);
  if (opts.fromUrl && !grant.inUrl) {
    throw new ApiError("unauthorized", "This API token was not made for URLs: send it in the Authorization header (Bearer). A token put in a URL ends up in logs and browser history; revoke this one if the URL was shared.");
  }
  if (!opts.fromUrl && grant.inUrl) {
    throw new ApiError("unauthorized", `This API token was made for URLs: it is taken only as ?${TOKEN_QUERY_PARAM}= on the CSV exports, never in the Authorization header. Make a token without "For spreadsheets" for the API.`);
  }
  // (per person: their tokens share one count)
  const taken = rate().take(grant.userId, now);
  if (!taken.ok) {
    throw new ApiError("rate_limited", `Your API tokens have made ${rate().limit} requests in the last minute; try again in ${taken.retryAfterSeconds} s.`, { retryAfterSeconds: taken.retryAfterSeconds });
  }
  await noteUse(grant, user.username, ip, now);
  // The lower of the token's role and its user's role now: a demoted user's tokens follow. A
  // partner's token is the partner, with their scope as of now (stored as viewer, the most a
  // partner's token can be): the wrapper's partner checks then apply to it unchanged.
  const role = user.role === "partner" ? "partner" : lowerRole(grant.role, user.role);
  return {
    user: { id: user.id, username: user.username, role, scope: user.role === "partner" ? user.scope : null, locale: user.locale },
    via: "token",
    token: { id: grant.id, name: grant.name },
    write: grant.canWrite,
    party: tokenParty(user.id),
  };
}

function lowerRole(a: Role, b: Role): Role {
  return ROLES[Math.min(ROLES.indexOf(a), ROLES.indexOf(b))]!;
}

/** The last use (at most once a minute) and the first use from a new address (audit-logged). */
async function noteUse(grant: TokenGrant, username: string, ip: string, now: number): Promise<void> {
  try {
    const key = `${grant.id}\u0000${ip}`;
    if (!use.addresses.has(key)) {
      if (await noteTokenAddress(await getDb(), grant.id, ip)) {
        await audit({ username, action: "token.first_use", ip, outcome: "success", detail: { tokenId: grant.id, name: grant.name } });
      }
      if (use.addresses.size > 10_000) use.addresses.clear();
      use.addresses.add(key);
    }
    if (now - (use.touched.get(grant.id) ?? 0) >= LAST_USE_EVERY_MS) {
      if (use.touched.size > 10_000) use.touched.clear();
      use.touched.set(grant.id, now);
      await touchToken(await getDb(), grant.id, new Date(now), ip);
    }
  } catch (e) {
    // Bookkeeping: a failure here must not fail the request itself.
    logger("api-tokens").error({ err: e, tokenId: grant.id }, "could not record the API token's use");
  }
}

// ---------------------------------------------------------------------------------------------
// Managing tokens (the /api/tokens routes)

function view(row: TokenListRow): TokenView {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    hint: row.hint,
    role: row.role,
    write: row.canWrite,
    inUrl: row.inUrl,
    createdAt: row.createdAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    lastUsedAt: row.lastUsedAt?.getTime() ?? null,
    lastUsedIp: row.lastUsedIp,
  };
}

/** Your tokens; an admin's list holds everyone's. */
export async function tokensOf(who: Principal): Promise<TokenView[]> {
  const rows = await listTokens(await getDb(), hasRole(who.user, "admin") ? undefined : who.user.id);
  return rows.map(view);
}

/** Make a token for the signed-in person: shown once in the answer, its hash kept. */
export async function createToken(input: TokenInput, who: Principal, ip: string, now = Date.now()): Promise<TokenCreated> {
  const { user } = who;
  // (a partner's token is stored as viewer and acts as the partner, scope and all: tokenPrincipal)
  const role: Role = input.role ?? (input.inUrl || user.role === "partner" ? "viewer" : user.role);
  if (user.role === "partner" ? role !== "viewer" : !hasRole(user, role)) throw fieldError("role", `must not be above your own role (${user.role})`);
  if (input.expiresAt <= now) throw fieldError("expiresAt", "must be in the future");
  if (input.expiresAt - now > TOKEN_MAX_LIFETIME_MS) throw fieldError("expiresAt", "must be at most a year away");
  const db = await getDb();
  if ((await countLiveTokens(db, user.id, new Date(now))) >= TOKEN_MAX_PER_USER) {
    throw fieldError("name", `you already have ${TOKEN_MAX_PER_USER} tokens that have not expired; revoke one first`);
  }
  const token = newTokenText();
  const row = {
    id: randomUUID(),
    userId: user.id,
    name: input.name,
    tokenHash: tokenHash(token),
    hint: token.slice(0, TOKEN_PREFIX.length + 6),
    role,
    canWrite: input.write,
    inUrl: input.inUrl,
    expiresAt: new Date(input.expiresAt),
  };
  const { createdAt } = await insertToken(db, row);
  await audit({
    username: user.username,
    action: "token.create",
    ip,
    outcome: "success",
    detail: { tokenId: row.id, name: row.name, role, write: row.canWrite, inUrl: row.inUrl, expiresAt: row.expiresAt.toISOString() },
  });
  return {
    ...view({ ...row, username: user.username, createdAt, lastUsedAt: null, lastUsedIp: null }),
    token,
  };
}

/** Revoke a token: your own; an admin any. Every instance refuses it within the cache time. */
export async function revokeToken(id: string, who: Principal, ip: string): Promise<void> {
  const admin = hasRole(who.user, "admin");
  const gone = await deleteToken(await getDb(), id, admin ? undefined : who.user.id);
  if (!gone) throw new ApiError("not_found", "There is no such API token.");
  forgetToken(id);
  await audit({ username: who.user.username, action: "token.revoke", ip, outcome: "success", detail: { tokenId: id, name: gone.name, ...(gone.userId !== who.user.id ? { ownerId: gone.userId } : {}) } });
}

/** This process refuses revoked tokens at once (the others when their cache of each expires). */
export function forgetTokens(ids: readonly string[]): void {
  for (const id of ids) forgetToken(id);
}

/** This process refuses a revoked token at once (the others when their cache of it expires). */
function forgetToken(id: string): void {
  const hash = hashes.get(id);
  if (hash !== undefined) grants.set(hash, { at: Date.now(), state: Promise.resolve(null) });
  use.touched.delete(id);
}
