/**
 * Who a request acts for, resolved once by the route wrapper (route.ts) from either
 * credential the API takes (credentials.ts):
 *
 * - a session cookie (next-auth, auth.ts): a person in a browser;
 * - an API token, `Authorization: Bearer wxd_…` (api-tokens.ts): a script of that person, with
 *   at most the role the token was given and changes only when it was given `write`. A CSV
 *   export also takes a token made for URLs as `?access_token=` (spreadsheets send no headers);
 * - a share link's token (share-links.ts): anyone holding the link, reading its view as its
 *   creator with the creator's scope at most; never a change.
 *
 * Handlers keep using `user` (the person, with the role this request may use); what else a
 * credential carries (a token's id, one day a partner's scope) is added here and reaches every
 * route through the wrapper, not through each handler. The audit log and the WEEX budget read
 * the principal of the request they run in (`currentPrincipal`, `party`).
 */
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Scope } from "@/lib/contract/scope";
import type { UserRole } from "@/lib/contract/roles";
import type { Locale } from "@/lib/i18n/locales";

/**
 * A signed-in, enabled user as the route handlers see them. Defined beside the principal that
 * carries it, not with the sessions (auth.ts): the audit log reads the principal and sessions
 * write the audit log, so the type living here keeps those three modules free of a cycle.
 */
export interface SessionUser {
  id: string;
  username: string;
  role: UserRole;
  /** a partner's scope, as of this request; null for the other roles */
  scope: Scope | null;
  /** the language they chose in the shell; null: none yet (lib/i18n/locales.ts) */
  locale: Locale | null;
}

export interface Principal {
  /** the person; `role` is what this request may use (a token's: never above its user's current role) */
  user: SessionUser;
  via: "session" | "token" | "share";
  /** the API token of a token request */
  token?: { id: string; name: string };
  /** whether this request may change anything (a session: yes; a token: when made with `write`; a share link: never) */
  write: boolean;
  /**
   * Whose turn it is in the WEEX budget (lib/weex/party.ts) and whose one export at a time:
   * the person in the browser, and all of that person's tokens together as one more. A script
   * then takes its share like a person, never the person's own pages' share (their clicks do
   * not queue behind their script), and making more tokens gives no more turns.
   */
  party: string;
  /**
   * Whose one export at a time (export-turns.ts) when it is not the party's: a share link's
   * readers take their link's own turn, never their creator's.
   */
  exportTurn?: string;
  /** the link a share request reads (share-scope.ts: its filters are the request's scope) */
  share?: ShareGrant;
}

/** What the route wrapper needs of a share link to hold a request to its view (share-scope.ts). */
export interface ShareGrant {
  id: string;
  page: string;
  query: string;
  /** the creator's scope when the link was made (null: they had none, all of the affiliate's rows) */
  creatorScope: Scope | null;
}

export function sessionPrincipal(user: SessionUser): Principal {
  return { user, via: "session", write: true, party: user.id };
}

/**
 * A share link's reader: its creator, read-only, in the creator's turn of the WEEX budget, held
 * to the link's filters (`share`), with the link's own export turn.
 */
export function sharePrincipal(creator: SessionUser, link: ShareGrant): Principal {
  return { user: creator, via: "share", write: false, party: creator.id, exportTurn: `share:${link.id}`, share: link };
}

/** The party of every token of a user (see Principal.party). */
export function tokenParty(userId: string): string {
  return `tokens:${userId}`;
}

const g = globalThis as typeof globalThis & { __weexPrincipal?: AsyncLocalStorage<Principal | null> };
const context = (g.__weexPrincipal ??= new AsyncLocalStorage());

/** Run a request's handler (and whatever it starts) as `principal`. */
export function asPrincipal<T>(principal: Principal | null, fn: () => T): T {
  return context.run(principal, fn);
}

/** The principal of the request this runs in, if any. */
export function currentPrincipal(): Principal | null {
  return context.getStore() ?? null;
}
