/**
 * Share links: a read-only link to one view (a page of SHARE_PAGES and its query)
 * that opens without a login.
 *
 * - Created by anyone who may open the view (a partner: only a view of their scope), listed and
 *   revoked by their creator (an admin: all of them); every change is audit-logged.
 * - The token (256 random bits, base64url) is in the link only; the database keeps its SHA-256.
 * - The link's view reads its routes with the token (the SHARE_TOKEN_HEADER) instead of a
 *   session: `shareUser` makes such a request the creator as a reader — a partner creator with
 *   their scope as it is now, anyone else as a viewer (never trader or admin) — on the view's
 *   own routes only (lib/contract/share.ts), GET only, an export only with allowExport, and
 *   within the link's filters and its creator's scope when it was made (share-scope.ts). The
 *   link and its creator are read again at every request: a revocation, the expiry, a disabled
 *   creator or a narrowed scope applies to the next one.
 * - A password, when set, is checked (`unlockShare`) with the sign-in throttle (throttle.ts:
 *   keyed on "share:<id>" and the IP); a right one gives the browser an HttpOnly cookie that
 *   proves it for this link until it expires (an HMAC of the link and its password hash under
 *   AUTH_SECRET: nothing to store, void when the password changes).
 * - Each opening of the page is audit-logged (`share.open`); refusals are counted per address
 *   and hour instead, and throttled (share-refusals.ts).
 */
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { NextRequest } from "next/server";
import { getAuthSecret } from "@/lib/config/config";
import { mayOpen } from "@/lib/contract/roles";
import { isSharePage, neverShared, SHARE_MAX_DAYS, SHARE_PAGES, SHARE_TOKEN_HEADER, shareRouteAccess, type NewShareLink, type SharePageKey } from "@/lib/contract/share";
import type { Scope } from "@/lib/contract/scope";
import { getDb } from "@/lib/db";
import { createShareLink, getShareLink, listShareLinks, revokeShareLink, shareLinkByToken, type ShareLinkRow } from "@/lib/db/share-links";
import { getUserById, scopeOf, verifyPassword, type UserRow } from "@/lib/db/users";
import { audit } from "./audit";
import type { SessionUser } from "./principal";
import { ApiError } from "../http/errors";
import { isHttps } from "../http/request-info";
import { noteFailure, noteSuccess, takeAttempt, throttledMessage } from "./throttle";
import { DAY_MS } from "@/lib/time/calendar";

/** A token as newShareToken writes it (43 base64url characters); anything else opens nothing. */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export interface ShareLinkInfo {
  id: string;
  page: SharePageKey;
  query: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  allowExport: boolean;
  hasPassword: boolean;
  state: "active" | "revoked" | "expired";
}

function stateOf(link: Pick<ShareLinkRow, "revokedAt" | "expiresAt">, now = Date.now()): ShareLinkInfo["state"] {
  return link.revokedAt ? "revoked" : link.expiresAt.getTime() <= now ? "expired" : "active";
}

function info(link: ShareLinkRow, createdBy: string): ShareLinkInfo {
  return {
    id: link.id,
    page: link.page as SharePageKey,
    query: link.query,
    createdBy,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    allowExport: link.allowExport,
    hasPassword: link.passwordHash !== null,
    state: stateOf(link),
  };
}

/** Whether a user may show a view to others: the same rule as opening its page (a partner: their scope has what it shows). */
function mayShare(user: Pick<SessionUser, "role" | "scope">, page: SharePageKey): boolean {
  return mayOpen(user, { role: "viewer", partners: SHARE_PAGES[page].partners });
}

/** POST /api/share-links: the new link's id and URL (the token is in the URL, shown this once). */
export async function addShareLink(input: NewShareLink, user: SessionUser, ip: string, origin: string): Promise<{ id: string; url: string; link: ShareLinkInfo }> {
  const page = input.page as SharePageKey;
  if (!mayShare(user, page)) throw new ApiError("forbidden", `You cannot share the ${page} view: it is not part of your view.`, { fields: [{ path: "page", message: "is not in your view" }] });
  const now = Date.now();
  const expires = input.expiresAt.getTime();
  if (expires <= now) throw new ApiError("validation_error", "The link would have expired already.", { fields: [{ path: "expiresAt", message: "must be in the future" }] });
  if (expires > now + SHARE_MAX_DAYS * DAY_MS) throw new ApiError("validation_error", `A link lives at most ${SHARE_MAX_DAYS} days.`, { fields: [{ path: "expiresAt", message: `must be within ${SHARE_MAX_DAYS} days` }] });
  const db = await getDb();
  const { row, token } = await createShareLink(db, {
    createdBy: user.id,
    page,
    query: input.query,
    allowExport: input.allowExport ?? false,
    password: input.password ?? null,
    expiresAt: input.expiresAt,
    // (kept: the link never shows more than its creator could see then, whatever they become)
    creatorScope: user.role === "partner" ? user.scope : null,
  });
  await audit({ username: user.username, action: "share.create", ip, outcome: "success", detail: { link: row.id, page, query: row.query, expiresAt: row.expiresAt.toISOString(), allowExport: row.allowExport, password: row.passwordHash !== null } });
  return { id: row.id, url: `${origin}/share/${token}`, link: info(row, user.username) };
}

/** GET /api/share-links: the user's own links; an admin's: everyone's. */
export async function shareLinksOf(user: SessionUser): Promise<ShareLinkInfo[]> {
  const rows = await listShareLinks(await getDb(), user.role === "admin" ? null : user.id);
  return rows.map((r) => info(r, r.createdByUsername));
}

/** DELETE /api/share-links/{id}: its creator or an admin; someone else's link is a 404, as a missing one. */
export async function deleteShareLink(id: string, user: SessionUser, ip: string): Promise<ShareLinkInfo> {
  const db = await getDb();
  const link = await getShareLink(db, id);
  if (!link || (link.createdBy !== user.id && user.role !== "admin")) throw new ApiError("not_found", "There is no such share link of yours.");
  await revokeShareLink(db, id);
  await audit({ username: user.username, action: "share.revoke", ip, outcome: "success", detail: { link: id, page: link.page } });
  const creator = await getUserById(db, link.createdBy);
  return info((await getShareLink(db, id))!, creator?.username ?? "");
}

// ---------------------------------------------------------------------------------------------
// Opening a link

export type ShareOpening =
  | { kind: "refused"; reason: "unknown" | "revoked" | "expired" | "creator" }
  | { kind: "password"; link: ShareLinkRow }
  | { kind: "open"; link: ShareLinkRow; creator: UserRow; reader: SessionUser };

/** The cookie that proves a link's password was given in this browser. */
export function unlockCookieName(linkId: string): string {
  return `weex-share-${linkId}`;
}

function unlockProof(link: ShareLinkRow): string {
  return createHmac("sha256", getAuthSecret()).update(`share-unlock\u0000${link.id}\u0000${link.passwordHash ?? ""}`).digest("base64url");
}

function proofHolds(link: ShareLinkRow, cookieValue: string | undefined): boolean {
  if (!cookieValue) return false;
  const a = Buffer.from(unlockProof(link));
  const b = Buffer.from(cookieValue);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Who reads a link's view: its creator as they are now, capped at viewer, a partner with their scope. */
function readerOf(creator: UserRow): SessionUser {
  const partner = creator.role === "partner";
  return { id: creator.id, username: creator.username, role: partner ? "partner" : "viewer", scope: partner ? (scopeOf(creator) as Scope) : null, locale: creator.locale ?? null };
}

/**
 * What a token opens now: refused (unknown, revoked, expired, or its creator disabled, gone or
 * no longer allowed the view), the password form (set and not proved by `cookie`), or the view.
 */
export async function openShare(token: string, cookie: (name: string) => string | undefined): Promise<ShareOpening> {
  if (!TOKEN_RE.test(token)) return { kind: "refused", reason: "unknown" };
  const db = await getDb();
  const link = await shareLinkByToken(db, token);
  if (!link || !isSharePage(link.page)) return { kind: "refused", reason: "unknown" };
  const state = stateOf(link);
  if (state !== "active") return { kind: "refused", reason: state };
  const creator = await getUserById(db, link.createdBy);
  if (!creator || creator.disabled || !mayShare(readerOf(creator), link.page)) return { kind: "refused", reason: "creator" };
  if (link.passwordHash !== null && !proofHolds(link, cookie(unlockCookieName(link.id)))) return { kind: "password", link };
  return { kind: "open", link, creator, reader: readerOf(creator) };
}

/** The page's opening, in the audit log (a refused one is counted per address and hour: share-refusals.ts). */
export async function auditOpening(opening: ShareOpening, ip: string): Promise<void> {
  if (opening.kind === "open") {
    await audit({ username: opening.creator.username, action: "share.open", ip, outcome: "success", detail: { link: opening.link.id, page: opening.link.page } });
  }
}

/**
 * The reader of a request that carries a link's token and no session (route.ts), or null when
 * it carries none. Refused (401) for a link that opens nothing now, a route outside its view,
 * any method but GET, an export the link does not allow, or a route that is not a viewer's;
 * refused (403) on the manager's own routes, which no link shows (NEVER_SHARED).
 */
export async function shareUser(req: NextRequest, routeRole: string): Promise<{ reader: SessionUser; link: ShareLinkRow } | null> {
  const token = req.headers.get(SHARE_TOKEN_HEADER);
  if (token === null || routeRole === "public") return null;
  const opening = await openShare(token, (name) => req.cookies.get(name)?.value);
  if (opening.kind !== "open") throw new ApiError("unauthorized", opening.kind === "password" ? "This share link needs its password." : "This share link no longer opens anything (revoked, expired or unknown).");
  if (neverShared(req.nextUrl.pathname)) throw new ApiError("forbidden", "A share link never shows this: it is the manager's own view.");
  const access = routeRole === "viewer" && req.method === "GET" ? shareRouteAccess(opening.link.page as SharePageKey, req.nextUrl.pathname) : null;
  if (access === null || (access === "export" && !opening.link.allowExport)) {
    throw new ApiError("unauthorized", access === "export" ? "This share link does not allow exports." : "A share link opens its own view only.");
  }
  return { reader: opening.reader, link: opening.link };
}

/**
 * POST /api/share-links/unlock: the link's password, throttled as sign-ins are. A right one
 * answers with the cookie that proves it (until the link expires).
 */
export async function unlockShare(token: string, password: string, req: NextRequest, ip: string): Promise<Response> {
  const opening = await openShare(token, () => undefined);
  if (opening.kind === "refused") throw new ApiError("unauthorized", "This share link no longer opens anything (revoked, expired or unknown).");
  if (opening.kind === "open") return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  const { link } = opening;
  const db = await getDb();
  const key = `share:${link.id}`;
  const slot = await takeAttempt(db, key, ip);
  if (!slot.allowed) {
    if (slot.firstRefusal) await audit({ username: key, action: "share.unlock", ip, outcome: "throttled", detail: { link: link.id, reason: slot.reason } });
    throw new ApiError("rate_limited", throttledMessage(slot.retryAfterSeconds), { retryAfterSeconds: slot.retryAfterSeconds });
  }
  if (!(await verifyPassword(password, link.passwordHash ?? undefined))) {
    await noteFailure(db);
    await audit({ username: key, action: "share.unlock", ip, outcome: "failure", detail: { link: link.id } });
    throw new ApiError("unauthorized", "Wrong password for this share link.", { fields: [{ path: "password", message: "is wrong" }] });
  }
  await noteSuccess(db, key);
  const secure = isHttps(req.headers) ? "; Secure" : "";
  const cookie = `${unlockCookieName(link.id)}=${unlockProof(link)}; Path=/; HttpOnly; SameSite=Lax; Expires=${link.expiresAt.toUTCString()}${secure}`;
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store", "Set-Cookie": cookie } });
}
