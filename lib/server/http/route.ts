/**
 * The one wrapper every route handler under app/api uses (contract 3). A route names its entry
 * of the contract's table (`route("POST /api/tokens", …)`, lib/contract/api-routes.ts), which
 * gives its role, schemas, token rules and answer type:
 *
 *   authenticate: an API token or the session cookie (or a share link's token: share-links.ts),
 *   once, as the request's principal (401; a token past its rate: 429; credentials.ts) → for
 *   POST/PATCH/PUT/DELETE: the same-origin check of a cookie request, or a token's `write`
 *   permission (403) → role (403) → parse path params, query and JSON body with the entry's zod
 *   schemas (400, nothing sent upstream: request-input.ts; a body past 64 KB: 413, read no
 *   further, body.ts) → a
 *   partner's scope (403 where a partner may not go or names someone outside it:
 *   partner-access.ts; a partner's token carries it, as its user is the partner) → a share
 *   link's filters (403 for a request outside them: share-scope.ts) → the handler,
 *   run as the principal (principal.ts: its party in the WEEX budget, its token in the audit
 *   log; shared by identical concurrent GETs of the lists and reference data, within one scope:
 *   coalesce.ts) → its value as JSON, `Cache-Control: no-store`.
 *
 * Every error becomes the contract's error shape here (errors.ts): WeexError via fromWeexError (with
 * Retry-After on 429), ApiError as raised, zod errors as validation_error, and anything else
 * as a 500 whose message says nothing internal (the details go to the log with a reference).
 */
import "server-only";
import { randomBytes } from "node:crypto";
import type { NextRequest } from "next/server";
import { z } from "zod";
import type { Locale } from "@/lib/i18n/locales";
import { hasRole, type Role } from "@/lib/contract/roles";
import { scopeKey, type Scope } from "@/lib/contract/scope";
import { isWeexError } from "@/lib/weex/errors";
import { asParty } from "@/lib/weex/party";
import { operation, type OperationKey, type OperationOf, type OperationSpec } from "@/lib/contract/api-routes";
import { requestPrincipal } from "../identity/credentials";
import { asPrincipal, sharePrincipal, type Principal, type SessionUser } from "../identity/principal";
import { scrubSecrets } from "@/lib/config/config";
import { ApiError, errorResponse, fieldIssues, fromAnswerLimit, fromWeexError, invalidInput } from "./errors";
import { requestInput } from "./request-input";
import { logger } from "@/lib/log/log";
import { coalesceKey, coalesces, Coalescer } from "./coalesce";
import { clientIp, HSTS, isHttps, isSameOrigin } from "./request-info";
import { localizeErrorBody } from "./error-messages";
import { localeOfRequest } from "./locale";
import { partnerScope, type PartnerAccess } from "../identity/partner-access";
import { shareUser } from "../identity/share-links";
import { shareGrant, shareScope } from "../identity/share-scope";

export type RouteRole = Role | "public";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerContext<Q, B, P, R extends RouteRole> {
  /** the parsed body when the route has a body schema, else the parsed query */
  input: B extends z.ZodType ? z.output<B> : Out<Q>;
  query: Out<Q>;
  body: Out<B>;
  params: P extends z.ZodType ? z.output<P> : Record<string, string | string[] | undefined>;
  /** the signed-in user, with the role this request may use (null only on public routes) */
  user: R extends "public" ? SessionUser | null : SessionUser;
  /** how they came: session, API token or share link (null only on public routes) */
  principal: R extends "public" ? Principal | null : Principal;
  /**
   * A partner's scope on a scoped route (`partners: "subAffiliates" | "invitees"`): the answer
   * holds its rows only (`affiliateSources(source, scope)`). Null for everyone else.
   */
  scope: Scope | null;
  req: NextRequest;
  ip: string;
}

/** What the wrapper reads of a route's contract entry (lib/contract/api-routes.ts). */
type Spec = Pick<OperationSpec, "role" | "query" | "params" | "body" | "answer" | "tokens" | "urlToken">;

/** A schema the entry holds for `field`, else undefined ("server" bodies are given by the route). */
type SchemaIn<S, F extends keyof Spec> = S extends { readonly [K in F]: infer T } ? (T extends z.ZodType ? T : undefined) : undefined;
type RoleOf<S> = S extends { readonly role: infer R extends RouteRole } ? R : never;

/**
 * What a handler may return: a value of the entry's answer schema (z.input: what the schema
 * accepts), or a Response of its own (a status other than 200, a cookie, a CSV file). Where the
 * entry has no answer schema ("json", "csv") the value is not checked here.
 */
type AnswerOf<S> = S extends { readonly answer: infer A extends z.ZodType } ? z.input<A> : unknown;
type Awaitable<T> = T | Promise<T>;

type HandlerOf<S, B> = (ctx: HandlerContext<SchemaIn<S, "query">, B, SchemaIn<S, "params">, RoleOf<S>>) => Awaitable<AnswerOf<S> | Response>;

export type RouteOptions<S, B extends z.ZodType | undefined> = {
  /** a larger body limit than MAX_BODY_BYTES, for the one route whose input is a list (the referral check: 10,000 uids) */
  maxBodyBytes?: number;
  handler: HandlerOf<S, B>;
} & (S extends { readonly body: "server" }
  ? {
      /**
       * The body's schema where the contract names it "server": it needs what the contract
       * may not import (the users' rules, the archive's datasets); the API document takes the
       * same schema (lib/server/api-doc/openapi.ts).
       */
      body: B;
    }
  : { body?: undefined }) &
  ("viewer" extends RoleOf<S>
    ? {
        /**
         * What a partner may do here (partner-access.ts): every viewer route says so, a new one
         * cannot be added without deciding (nor a helper making routes of several roles, one of
         * them viewer). Trader and admin routes are never a partner's.
         */
        partners: PartnerAccess;
      }
    : { partners?: undefined });

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The route of the contract's operation `key` (`"GET /api/tokens"`): its role, query, path
 * parameters, body, token rules and answer's type come from that entry, so a route file
 * writes none of them again; it gives what the contract does not hold (`partners`, a
 * "server" body, a larger body limit) and its handler.
 */
export function route<K extends OperationKey, B extends z.ZodType | undefined = SchemaIn<OperationOf<K>, "body">>(key: K, opts: RouteOptions<OperationOf<K>, B>) {
  const spec: Spec = operation(key);
  return wrap({ ...spec, body: opts.body ?? (spec.body === "server" ? undefined : spec.body) }, opts as unknown as Wiring);
}

/**
 * A route file the contract does not list as an operation (NOT_IN_API: the catch-all 404): public,
 * without input.
 */
export function unlistedRoute(handler: () => unknown) {
  return wrap({ role: "public" }, { handler });
}

/** The entry as the wrapper runs it: the body's schema resolved (the contract's, or the route's for "server"). */
type Wrapped = Pick<Spec, "role" | "query" | "params" | "tokens" | "urlToken"> & { body?: z.ZodType };
/** A route's options as the wrapper runs them, their types checked by `route()` already. */
type Ctx = { [K in keyof HandlerContext<undefined, undefined, undefined, RouteRole>]: K extends "input" | "query" | "body" | "params" ? unknown : HandlerContext<undefined, undefined, undefined, RouteRole>[K] };
type Wiring = { partners?: PartnerAccess; maxBodyBytes?: number; handler: (ctx: Ctx) => unknown };

function wrap(spec: Wrapped, opts: Wiring) {
  return async function handle(req: NextRequest, ctx: NextContext): Promise<Response> {
    const res = await answer(req, ctx);
    return isHttps(req.headers) ? withHsts(res) : res;
  };

  async function answer(req: NextRequest, ctx: NextContext): Promise<Response> {
    // (known once authorised: an error then speaks the user's saved language)
    let principal: Principal | null = null;
    try {
      principal = await authorise(req, spec);
      const user = principal?.user ?? null;
      const { params, query, body } = await requestInput(req, await ctx.params, spec, opts.maxBodyBytes);
      // A partner: where they may go, and that what they name is theirs (in the path, e.g. an
      // invitee's {uid}, or the query or body), before anything is read.
      const named = { ...(params as Record<string, unknown> | undefined), ...((spec.body ? body : query) as Record<string, unknown> | undefined) };
      const partner = await partnerScope(user, opts.partners, named);
      // A share link's reader: within the link's filters and its creator's scope then and now.
      const scope = await shareScope(principal, opts.partners, req, named, { query: spec.query, params: spec.params }, partner);

      const handle = (r: NextRequest) =>
        opts.handler({
          input: (spec.body ? body : query),
          query: query,
          body: body,
          params: params,
          user: user,
          principal: principal,
          scope,
          req: r,
          ip: clientIp(req.headers),
        });
      // The handler runs as this principal: the WEEX weight it takes counts as its party's when
      // people take turns (lib/weex/party.ts), also in a walk that identical requests then join;
      // its audit entries name its token (audit.ts).
      const asUser = (r: NextRequest) => asPrincipal(principal, () => asParty(principal?.party, () => handle(r)));
      const { pathname } = req.nextUrl;
      if (!coalesces(req.method, pathname)) return finish(await asUser(req));
      // Authorised and validated: join an identical request in flight, if any (coalesce.ts) —
      // of the same scope only: a partner's answer is theirs, and nobody else's is theirs.
      const shared = await coalescer().join(
        coalesceKey(pathname, query, scope ? scopeKey(scope) : undefined),
        async (signal) => shareable(await asUser(withSignal(req, signal))),
        req.signal,
      );
      return finish(shared.response());
    } catch (e) {
      return renderError(e, req, localeOfRequest(req, principal?.user ?? null));
    }
  }
}

const g = globalThis as typeof globalThis & { __weexCoalescer?: Coalescer };
const coalescer = () => (g.__weexCoalescer ??= new Coalescer());

/** An answer several requests can each be given: a value as is, a Response read once into text. */
interface Shareable {
  response(): unknown;
}

async function shareable(out: unknown): Promise<Shareable> {
  if (!(out instanceof Response)) return { response: () => out };
  const { status, headers } = out;
  const text = await out.text();
  return { response: () => new Response(text, { status, headers: new Headers(headers) }) };
}

/**
 * The request as the shared handler sees it: the same, except that its signal ends only when
 * every request that joined has gone away. (Coalesced routes are GETs: no body is read.)
 */
function withSignal(req: NextRequest, signal: AbortSignal): NextRequest {
  return new Proxy(req, {
    get(target, prop) {
      if (prop === "signal") return signal;
      const v: unknown = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

/**
 * HSTS on the API's answers under HTTPS (proxy.ts adds it to pages and next-auth's routes; it
 * does not run for the other API routes, which saves each API request a pass through it).
 * Next's own answers that reach no handler (a 404, a 405 for a method a route lacks) go
 * without; browsers keep HSTS from the pages they load first.
 */
function withHsts(res: Response): Response {
  try {
    res.headers.set("Strict-Transport-Security", HSTS);
  } catch {
    // immutable headers (a proxied fetch response): leave as is
  }
  return res;
}

/** Why a principal without `write` may not change anything. */
const READ_ONLY: Record<Principal["via"], string> = {
  token: "This API token is read-only: changes need a token made with the write permission.",
  share: "A share link only shows its view; it changes nothing.",
  session: "This session may not change anything.",
};

/**
 * 401 without a usable session or token, 403 for a cross-site mutation with a cookie, a change
 * by a token without `write`, a token on a route for sessions only, or a role too low. A partner
 * has no ranked role: they pass a viewer route's role check here, and its `partners` entry
 * decides (partner-access.ts); a trader or admin route is a 403.
 */
async function authorise(req: NextRequest, opts: { role: RouteRole; tokens?: false; urlToken?: boolean }): Promise<Principal | null> {
  const { role } = opts;
  // Public routes see the user too when there is one (the language switch saves with them).
  // No session or token but a share link's token: its creator as a reader, on the link's view's
  // routes only (share-links.ts).
  let principal = await requestPrincipal(req, { urlToken: opts.urlToken === true });
  if (!principal) {
    const shared = await shareUser(req, role);
    if (shared) principal = sharePrincipal(shared.reader, shareGrant(shared.link));
  }
  if (role !== "public" && !principal) throw new ApiError("unauthorized", "You are not signed in (or your session has ended). Sign in and try again.");
  const mutating = MUTATING.has(req.method);
  if (principal?.via === "token") {
    // No Origin check: a cross-site page cannot send an Authorization header here (that needs
    // a CORS preflight this server never grants), so forgery is a matter of cookies alone.
    if (opts.tokens === false) throw new ApiError("forbidden", "This route takes a signed-in session, not an API token: what it makes (a user, a password, a token, a share link) would outlive the token's revocation.");
  } else if (mutating && !isSameOrigin(req.headers)) {
    throw new ApiError("forbidden", "This request came from another site. Changes are only accepted from the dashboard's own pages.");
  }
  // (a token without `write`; a share link, which shareUser lets read its view's GETs only)
  if (mutating && principal && !principal.write) throw new ApiError("forbidden", READ_ONLY[principal.via]);
  const user = principal?.user;
  if (user && role !== "public" && !hasRole(user, role) && !(user.role === "partner" && role === "viewer")) {
    throw new ApiError("forbidden", `This needs the ${role} role; you are signed in as ${user.username} (${user.role}).`);
  }
  return principal;
}

/** A handler's value as the response: a Response as is (plus no-store), anything else as JSON. */
function finish(out: unknown): Response {
  if (out instanceof Response) {
    if (!out.headers.has("Cache-Control")) {
      try {
        out.headers.set("Cache-Control", "no-store");
      } catch {
        // immutable headers (a proxied fetch response): leave as is
      }
    }
    return out;
  }
  return Response.json(out ?? null, { headers: { "Cache-Control": "no-store" } });
}

/** JSON with a status other than 200 (e.g. 201 Created). */
export function json(value: unknown, status = 200): Response {
  return Response.json(value, { status, headers: { "Cache-Control": "no-store" } });
}

/** A response whose body is JSON text already (cached reference data). */
export function jsonText(text: string): Response {
  return new Response(text, { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}

function renderError(e: unknown, req: NextRequest, locale: Locale): Response {
  if (e instanceof ApiError) return e.toResponse(locale);
  if (isWeexError(e)) {
    const api = fromWeexError(e);
    // (what WEEX said is shown, never a secret that may have slipped into it)
    const body = api.toBody();
    body.error.message = scrubSecrets(body.error.message);
    if (body.error.upstream?.msg) body.error.upstream = { ...body.error.upstream, msg: scrubSecrets(body.error.upstream.msg) };
    if (api.status >= 500) logger("route").warn({ method: req.method, path: req.nextUrl.pathname, kind: e.kind, upstream: e.upstream }, e.message);
    return errorResponse(api.status, localizeErrorBody(body, locale), api.details.retryAfterSeconds);
  }
  if (e instanceof z.ZodError) return invalidInput(fieldIssues(e.issues, "(body)")).toResponse(locale);
  const tooLarge = fromAnswerLimit(e);
  if (tooLarge) return tooLarge.toResponse(locale);
  if (req.signal.aborted || (e instanceof Error && (e.name === "ResponseAborted" || e.name === "AbortError"))) {
    // The person navigated away or cancelled a download: nobody reads this answer, and it is no bug.
    logger("route").info({ method: req.method, path: req.nextUrl.pathname }, "request aborted by the client");
    return errorResponse(400, localizeErrorBody({ error: { code: "validation_error", message: "The request was cancelled." } }, locale));
  }
  const reference = randomBytes(4).toString("hex");
  logger("route").error({ err: e, reference, method: req.method, path: req.nextUrl.pathname }, "unhandled error in a route handler");
  return errorResponse(
    500,
    localizeErrorBody(
      {
        error: {
          code: "internal_error",
          message: `Something went wrong on the server (reference ${reference}). Try again; if it keeps happening, give the reference to an administrator.`,
        },
      },
      locale,
    ),
  );
}
