/**
 * Every operation of the dashboard's API in one table, keyed like the route files
 * under app/api (`/api/alerts/rules/[id]`): its role, what it takes (the schemas the route
 * parses with: QUERIES, BODIES and PATH_PARAMS of queries.ts, and the alerts', preferences' and
 * tokens' own), what it answers (responses.ts) and what a token needs for it. The API document
 * (GET /api/openapi.json, lib/server/api-doc/openapi.ts) is generated from it, never written by hand;
 * tests compare it with the route files on disk (a route file missing here fails them) and the
 * roles with the ones the auth matrix proves.
 *
 * It is also where each route takes its role, query, path parameters, JSON body and answer's
 * type from: a route file names its entry (`route("GET /api/tokens", …)`, lib/server/http/route.ts)
 * and writes none of them again.
 */
import { z } from "zod";
import { alertIdParams, deliveriesQuery, destinationInput, episodesQuery, reportCsvQuery, ruleInput, rulePatch, scheduleInput } from "./alerts";
import { localeBody, localeResponse } from "./preferences";
import { BODIES, PATH_PARAMS, QUERIES } from "./queries";
import {
  adminUserSchema,
  userChangedSchema,
  adminUsersSchema,
  archiveStatusSchema,
  auditPageSchema,
  codesSchema,
  cohortsSchema,
  commissionSeriesSchema,
  commissionsPageSchema,
  funnelSchema,
  healthSchema,
  inviteeAssetsSchema,
  inviteesPageSchema,
  inviteeValuePageSchema,
  leaderboardSchema,
  referralCheckSchema,
  seriesSchema,
  spotOrderSchema,
  spotOrdersPageSchema,
  subAffiliatesPageSchema,
  transfersPageSchema,
} from "./responses";
import type { Role } from "./roles";
import { linkInput, linkParams, linkPatch, linksQuery } from "./links";
import { riskFlagDetailSchema, riskFlagParams, riskFlagPatch, riskFlagQuery, riskFlagsExportQuery, riskFlagsPageSchema, riskFlagsQuery, riskRuleParams, riskRulePatch, riskSubjectsQuery, riskSubjectsSchema } from "./risk";
import { newShareLinkSchema, shareLinkParams, shareUnlockSchema } from "./share";
import { tokenCreatedSchema, tokenDeletedSchema, tokenInput, tokenListSchema, tokenParams } from "./tokens";

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The document's sections, in the order they are listed. */
export const API_TAGS = {
  affiliate: "Affiliate reports",
  exports: "CSV exports",
  reference: "Reference data",
  spot: "Spot orders",
  orders: "Contract orders",
  alerts: "Alerts and reports",
  risk: "Risk flags",
  links: "Tracked links",
  archive: "Archive",
  admin: "Administration",
  share: "Share links",
  tokens: "API tokens",
  account: "Account",
  system: "System",
} as const;
export type ApiTag = keyof typeof API_TAGS;

export interface OperationSpec {
  /** the least role that may call it; "public": no credential needed */
  role: Role | "public";
  tag: ApiTag;
  summary: string;
  description?: string;
  query?: z.ZodType;
  params?: z.ZodType;
  /**
   * The JSON body's schema, or "server": the schema lives in a module the contract may not
   * import (it needs the users' rules, or the archive's datasets), and the document takes it
   * from there (lib/server/api-doc/openapi.ts, SERVER_BODIES).
   */
  body?: z.ZodType | "server";
  /**
   * A success's JSON (its schema: route() checks a handler's value against it), or a CSV file,
   * or "json": no schema written yet, and so not checked. Which and why:
   * - the document itself (/api/openapi.json): OpenAPI 3.1's own schema; a validator checks it;
   * - WEEX's answers passed on as they came (reference data as cached JSON text, an order's
   *   result mirrored): their shape is the exchange's (lib/weex/endpoints.ts), not the dashboard's;
   * - the alerts' answers: their types are the alert store's (lib/alerts), whose contract
   *   (alerts.ts) holds the inputs only so far;
   * - the archive sync's state (GET/POST /api/admin/sync): its types are lib/archive's, which the
   *   contract may not import (as its body, "server");
   * - share links (their list, a new link, a revocation, an unlock): typed by lib/db's row
   *   (ShareLinkInfo) and answered as such; a schema is the next step when a page parses them.
   */
  answer: z.ZodType | "json" | "csv";
  /** the status of a success (default 200), or each status a success may have */
  status?: 200 | 201 | 202 | readonly (200 | 201 | 202)[];
  /** false: a signed-in session only, never an API token */
  tokens?: false;
  /** a CSV export also takes a token made for URLs as ?access_token= */
  urlToken?: true;
}

/** Route files under app/api that are not operations of the API (the test knows them by name). */
export const NOT_IN_API = {
  "/api/[...path]": "any path no route handles: the contract's 404",
  "/api/auth/[...nextauth]": "next-auth's sign-in and sign-out for the browser (scripts use API tokens)",
} as const;

/** POST /api/admin/users */
const userAnswer = z.object({ user: adminUserSchema });
const SESSION_ONLY_USERS = "From a signed-in session only, never an API token (403), even an admin's with write: a user or password made with a token would outlive the token's revocation.";

const LIST_NOTE = "One page in the list shape ({items, page, pageSize, total, pages, hasNextPage, freshness, warnings}); `source` picks the archive, WEEX live, or both (auto).";
const EXPORT_NOTE = "Every record of the filter as CSV (UTF-8 with BOM, RFC 4180), streamed; one export at a time per person (a second is answered 429 with Retry-After). Also takes a token made for URLs as ?access_token= (for spreadsheets).";

const LINKS_READ = "Each link's clicks (human GETs), bots (apart), unique visitors (distinct visitor keys, which change daily: a range of days adds its days') and the registrations of its invite code (from the invitee archive; links sharing a code each show the code's). A partner sees the links of their own invite codes.";
const LINKS_WRITE = "Admins any link, a partner links of their own invite codes (403 naming `inviteCode`); viewers only read. From a signed-in session only, never an API token (a token must not make a public door). `destination` must be an https URL on an allowed host (`weex.com` and its subdomains, and LINK_DESTINATION_HOSTS): else a 400 naming it. Audit-logged.";

export const API_ROUTES = {
  "/api/health": { GET: { role: "public", tag: "system", summary: "Liveness: the mode and the database", answer: healthSchema } },
  "/api/openapi.json": { GET: { role: "public", tag: "system", summary: "This document (OpenAPI 3.1), generated from the dashboard's contract", answer: "json" } },

  "/api/affiliate/invitees": { GET: { role: "viewer", tag: "affiliate", summary: "Invited users, one page", description: LIST_NOTE, query: QUERIES["/api/affiliate/invitees"], answer: inviteesPageSchema } },
  "/api/affiliate/invitees/funnel": { GET: { role: "viewer", tag: "affiliate", summary: "Funnel of the users registered in a range", query: QUERIES["/api/affiliate/invitees/funnel"], answer: funnelSchema } },
  "/api/affiliate/invitees/cohorts": { GET: { role: "viewer", tag: "affiliate", summary: "Registration cohorts and how they convert", query: QUERIES["/api/affiliate/invitees/cohorts"], answer: cohortsSchema } },
  "/api/affiliate/invitees/codes": { GET: { role: "viewer", tag: "affiliate", summary: "Each invite code's funnel", query: QUERIES["/api/affiliate/invitees/codes"], answer: codesSchema } },
  "/api/affiliate/invitees/export": { GET: { role: "viewer", tag: "exports", summary: "Invited users as CSV", description: EXPORT_NOTE, query: QUERIES["/api/affiliate/invitees/export"], answer: "csv", urlToken: true } },
  "/api/affiliate/sub-affiliates": { GET: { role: "viewer", tag: "affiliate", summary: "Sub-affiliate daily records, one page", description: LIST_NOTE, query: QUERIES["/api/affiliate/sub-affiliates"], answer: subAffiliatesPageSchema } },
  "/api/affiliate/sub-affiliates/series": { GET: { role: "viewer", tag: "affiliate", summary: "Volume, net fee and commission per bucket", query: QUERIES["/api/affiliate/sub-affiliates/series"], answer: seriesSchema } },
  "/api/affiliate/sub-affiliates/leaderboard": { GET: { role: "viewer", tag: "affiliate", summary: "Top sub-affiliates by commission or volume", query: QUERIES["/api/affiliate/sub-affiliates/leaderboard"], answer: leaderboardSchema } },
  "/api/affiliate/sub-affiliates/export": { GET: { role: "viewer", tag: "exports", summary: "Sub-affiliate daily records as CSV", description: EXPORT_NOTE, query: QUERIES["/api/affiliate/sub-affiliates/export"], answer: "csv", urlToken: true } },
  "/api/affiliate/withdrawals": { GET: { role: "viewer", tag: "affiliate", summary: "Internal transfers, one page", description: LIST_NOTE, query: QUERIES["/api/affiliate/withdrawals"], answer: transfersPageSchema } },
  "/api/affiliate/withdrawals/export": { GET: { role: "viewer", tag: "exports", summary: "Internal transfers as CSV", description: EXPORT_NOTE, query: QUERIES["/api/affiliate/withdrawals/export"], answer: "csv", urlToken: true } },

  // invitee value, commissions, one invitee's assets, the referral check
  "/api/affiliate/invitees/value": { GET: { role: "viewer", tag: "affiliate", summary: "What each direct invitee is worth in a range, most valuable first, with the totals", description: LIST_NOTE, query: QUERIES["/api/affiliate/invitees/value"], answer: inviteeValuePageSchema } },
  "/api/affiliate/invitees/value/export": { GET: { role: "viewer", tag: "exports", summary: "The invitee value list as CSV", description: EXPORT_NOTE, query: QUERIES["/api/affiliate/invitees/value/export"], answer: "csv", urlToken: true } },
  "/api/affiliate/invitees/[uid]/assets": {
    GET: { role: "viewer", tag: "affiliate", summary: "A direct invitee's accounts now and its deposits (live from WEEX)", params: PATH_PARAMS["/api/affiliate/invitees/[uid]/assets"], query: QUERIES["/api/affiliate/invitees/[uid]/assets"], answer: inviteeAssetsSchema },
  },
  "/api/affiliate/commissions": { GET: { role: "viewer", tag: "affiliate", summary: "Commission records, one page", description: LIST_NOTE, query: QUERIES["/api/affiliate/commissions"], answer: commissionsPageSchema } },
  "/api/affiliate/commissions/series": { GET: { role: "viewer", tag: "affiliate", summary: "Commission per bucket, coin, product and source type", query: QUERIES["/api/affiliate/commissions/series"], answer: commissionSeriesSchema } },
  "/api/affiliate/commissions/export": { GET: { role: "viewer", tag: "exports", summary: "Commission records as CSV", description: EXPORT_NOTE, query: QUERIES["/api/affiliate/commissions/export"], answer: "csv", urlToken: true } },
  "/api/affiliate/referrals/verify": {
    POST: {
      role: "viewer",
      tag: "affiliate",
      summary: "Which of up to 10,000 uids are direct invitees",
      description: "A read sent as POST (the list is long): an API token needs the write permission for it, as for every POST.",
      body: BODIES["/api/affiliate/referrals/verify"],
      answer: referralCheckSchema,
    },
  },

  "/api/reference/symbols": { GET: { role: "viewer", tag: "reference", summary: "Trading pairs (cached for a minute)", query: QUERIES["/api/reference/symbols"], answer: "json" } },
  "/api/reference/coins": { GET: { role: "viewer", tag: "reference", summary: "Coins and their networks (cached for a minute)", query: QUERIES["/api/reference/coins"], answer: "json" } },

  "/api/spot/order": { GET: { role: "trader", tag: "spot", summary: "One spot order by orderId or origClientOrderId", query: QUERIES["/api/spot/order"], answer: spotOrderSchema } },
  "/api/spot/orders": { GET: { role: "trader", tag: "spot", summary: "Spot orders of one symbol, one page", query: QUERIES["/api/spot/orders"], answer: spotOrdersPageSchema } },

  "/api/contract/orders": { POST: { role: "trader", tag: "orders", summary: "Place a contract order (never retried; WEEX's result mirrored)", body: BODIES["/api/contract/orders"], answer: "json" } },
  "/api/contract/plan-orders": { POST: { role: "trader", tag: "orders", summary: "Place a take-profit / stop-loss plan order", body: BODIES["/api/contract/plan-orders"], answer: "json" } },
  "/api/contract/plan-orders/[orderId]": {
    PATCH: { role: "trader", tag: "orders", summary: "Modify a plan order", params: PATH_PARAMS["/api/contract/plan-orders/[orderId]"], body: BODIES["/api/contract/plan-orders/[orderId]"], answer: "json" },
  },

  "/api/alerts": { GET: { role: "viewer", tag: "alerts", summary: "What fired (open and resolved episodes) and your unread count", query: episodesQuery, answer: "json" } },
  "/api/alerts/unread": { GET: { role: "viewer", tag: "alerts", summary: "How many alerts fired since you last looked", answer: "json" } },
  "/api/alerts/read": { POST: { role: "viewer", tag: "alerts", summary: "Mark every alert up to now as read", answer: "json" } },
  "/api/alerts/rules": {
    GET: { role: "viewer", tag: "alerts", summary: "The alert rules", answer: "json" },
    POST: { role: "admin", tag: "alerts", summary: "Add an alert rule", body: ruleInput, answer: "json", status: 201 },
  },
  "/api/alerts/rules/[id]": {
    PATCH: { role: "admin", tag: "alerts", summary: "Change an alert rule", params: alertIdParams, body: rulePatch, answer: "json" },
    DELETE: { role: "admin", tag: "alerts", summary: "Delete an alert rule (its history stays)", params: alertIdParams, answer: "json" },
  },
  "/api/alerts/destinations": {
    GET: { role: "admin", tag: "alerts", summary: "Webhook and email destinations (never a secret)", answer: "json" },
    POST: { role: "admin", tag: "alerts", summary: "Add a destination (a webhook's signing secret is answered this once)", body: destinationInput, answer: "json", status: 201 },
  },
  "/api/alerts/destinations/[id]": { DELETE: { role: "admin", tag: "alerts", summary: "Remove a destination", params: alertIdParams, answer: "json" } },
  "/api/alerts/destinations/[id]/test": { POST: { role: "admin", tag: "alerts", summary: "Send a test message", params: alertIdParams, answer: "json", status: 202 } },
  "/api/alerts/deliveries": { GET: { role: "admin", tag: "alerts", summary: "The delivery log with every attempt", query: deliveriesQuery, answer: "json" } },
  "/api/alerts/schedules": {
    GET: { role: "admin", tag: "alerts", summary: "Scheduled reports", answer: "json" },
    POST: { role: "admin", tag: "alerts", summary: "Schedule a report", body: scheduleInput, answer: "json", status: 201 },
  },
  "/api/alerts/schedules/[id]": { DELETE: { role: "admin", tag: "alerts", summary: "Stop a scheduled report", params: alertIdParams, answer: "json" } },
  "/api/alerts/report-csv": {
    GET: { role: "public", tag: "alerts", summary: "A report's CSV by its signed link (the signature is the permission)", query: reportCsvQuery, answer: "csv" },
  },

  // risk: flags the rules raised on the archive, and the rules' settings (never a partner's or a share link's)
  "/api/risk/flags": {
    GET: {
      role: "viewer",
      tag: "risk",
      summary: "Risk flags, one page (default: the open ones), most recently seen first, with the count per severity and the commission at risk",
      description:
        "In the list shape ({items, page, pageSize, total, pages, hasNextPage}); each flag with its evidence (exact decimal strings and the period) and a one-sentence summary in the reader's language. `startTime`/`endTime` keep the flags seen in [startTime, endTime). `counts`: the flags of every filter but `severity`, by severity. `atRisk`: over the open flags of every filter but `state`, the commission per coin the flagged invitees brought in [from, to) (their own commission records) and the flagged sub-affiliates' paid commission as WEEX reports it (USDT); [from, to) is startTime/endTime, by default the last 30 UTC days up to now.",
      query: riskFlagsQuery,
      answer: riskFlagsPageSchema,
    },
  },
  "/api/risk/flags/export": {
    GET: { role: "viewer", tag: "exports", summary: "Risk flags as CSV (the list's filters, every page)", description: `${EXPORT_NOTE} The summary in the reader's language, times in ISO 8601 UTC, the evidence as JSON (\`evidenceJson\`).`, query: riskFlagsExportQuery, answer: "csv", urlToken: true },
  },
  "/api/risk/flags/[id]": {
    GET: { role: "viewer", tag: "risk", summary: "A flag with the daily figures behind it", description: "{flag, series: {kind: invitee | subAffiliate | none, days: [{day (YYYY-MM-DD, UTC), ...figures as exact decimal strings}], median?}}: an invitee's deposits, withdrawals and volume over the evidence's period and some days either side; a sub-affiliate's days with records over its baseline and the spike, with the baseline's median.", params: riskFlagParams, query: riskFlagQuery, answer: riskFlagDetailSchema },
    PATCH: { role: "admin", tag: "risk", summary: "Review a flag: {state: dismissed | confirmed | open, note} (a note is required to dismiss)", params: riskFlagParams, body: riskFlagPatch, answer: "json" },
  },
  "/api/risk/subjects": { GET: { role: "viewer", tag: "risk", summary: "The open flags of the subjects named (a table's badges)", description: "{items: [{subject: {type, id}, severity (the highest), rules, count}]}, only the subjects with an open flag, in the order named.", query: riskSubjectsQuery, answer: riskSubjectsSchema } },
  "/api/risk/rules": { GET: { role: "viewer", tag: "risk", summary: "The risk rules with their settings, parameters' bounds and defaults", answer: "json" } },
  "/api/risk/rules/[rule]": {
    PATCH: { role: "admin", tag: "risk", summary: "Change a rule: {enabled?, params?}; it is re-evaluated over the whole archive", description: "A parameter out of its bounds or unknown is a 400 naming `params.<name>`.", params: riskRuleParams, body: riskRulePatch, answer: "json" },
  },

  // tracked links: short URLs /r/{slug} that count clicks; admins manage every link, a partner
  // those of their own invite codes, viewers read; changes from a signed-in session only
  "/api/links": {
    GET: { role: "viewer", tag: "links", summary: "Tracked links with their clicks, unique visitors and registrations over a range (default: the last 7 days)", description: LINKS_READ, query: linksQuery, answer: "json" },
    POST: { role: "viewer", tag: "links", summary: "Make a tracked link: its short URL redirects to the destination with the UTM parameters", description: LINKS_WRITE, body: linkInput, answer: "json", status: 201, tokens: false },
  },
  "/api/links/[id]": {
    PATCH: { role: "viewer", tag: "links", summary: "Change a link's destination, invite code, channel, campaign or UTM (never its slug)", description: LINKS_WRITE, params: linkParams, body: linkPatch, answer: "json", tokens: false },
    DELETE: { role: "viewer", tag: "links", summary: "Delete a link: its short URL answers 410 and its slug stays taken", description: LINKS_WRITE, params: linkParams, answer: "json", tokens: false },
  },

  "/api/archive/status": { GET: { role: "viewer", tag: "archive", summary: "Whether the first backfill runs, and what each dataset holds", answer: archiveStatusSchema } },
  "/api/admin/sync": {
    GET: { role: "admin", tag: "archive", summary: "The archive sync per dataset", answer: "json" },
    POST: {
      role: "admin",
      tag: "archive",
      summary: "Sync now, or re-sync a range",
      description: "202 {queued, syncing: true} when queued; 200 {queued: null, syncing: false, message} when no instance syncs (ARCHIVE_SYNC=off).",
      body: "server",
      answer: "json",
      status: [202, 200],
    },
  },
  "/api/admin/users": {
    GET: { role: "admin", tag: "admin", summary: "The dashboard's users", answer: adminUsersSchema },
    POST: { role: "admin", tag: "admin", summary: "Add a user", description: SESSION_ONLY_USERS, body: "server", answer: userAnswer, status: 201, tokens: false },
  },
  "/api/admin/users/[id]": {
    PATCH: {
      role: "admin",
      tag: "admin",
      summary: "Change a user's role, password or disabled state",
      description: `A new password or disabling ends the user's sessions, API tokens and share links at once (tokens within 5 s on other instances); \`revoked\` lists the tokens and links it ended (null for other changes). ${SESSION_ONLY_USERS}`,
      params: PATH_PARAMS["/api/admin/users/[id]"],
      body: "server",
      answer: userChangedSchema,
      tokens: false,
    },
  },
  "/api/admin/audit": { GET: { role: "admin", tag: "admin", summary: "The audit log, newest first", query: QUERIES["/api/admin/audit"], answer: auditPageSchema } },

  // share links: read-only links to a view for people without a login
  "/api/share-links": {
    GET: { role: "viewer", tag: "share", summary: "Your share links (an admin: everyone's); never their tokens", answer: "json" },
    POST: {
      role: "viewer",
      tag: "share",
      summary: "Make a read-only link to a view (its URL, with its token, answered this once)",
      description: "From a signed-in session only: a link is a credential of its own, and a token must not make one (a leaked token could outlive its revocation that way).",
      body: newShareLinkSchema,
      answer: "json",
      status: 201,
      tokens: false,
    },
  },
  "/api/share-links/[id]": { DELETE: { role: "viewer", tag: "share", summary: "Revoke a share link (yours; an admin any)", params: shareLinkParams, answer: "json" } },
  "/api/share-links/unlock": { POST: { role: "public", tag: "share", summary: "Open a password-protected link in this browser (throttled as sign-ins are)", body: shareUnlockSchema, answer: "json" } },

  // API tokens
  "/api/tokens": {
    GET: { role: "viewer", tag: "tokens", summary: "Your API tokens (an admin: everyone's); never a token itself", answer: tokenListSchema },
    POST: {
      role: "viewer",
      tag: "tokens",
      summary: "Make an API token: answered this once",
      description: "From a signed-in session only (a token cannot make another). `expiresAt` (epoch ms) at most a year away; `role` at most your own; `write` for changes; `inUrl` for a read-only viewer token the CSV exports also take as ?access_token=.",
      body: tokenInput,
      answer: tokenCreatedSchema,
      status: 201,
      tokens: false,
    },
  },
  "/api/tokens/[id]": { DELETE: { role: "viewer", tag: "tokens", summary: "Revoke an API token (yours; an admin any)", params: tokenParams, answer: tokenDeletedSchema } },

  "/api/me/locale": { PUT: { role: "public", tag: "account", summary: "The language of your pages, errors and messages", body: localeBody, answer: localeResponse } },
} as const satisfies Record<string, Partial<Record<ApiMethod, OperationSpec>>>;

export type ApiPath = keyof typeof API_ROUTES;

type GetAnswer<P extends ApiPath> = (typeof API_ROUTES)[P] extends { readonly GET: { readonly answer: infer A extends z.ZodType } } ? z.output<A> : never;

/**
 * What each GET with an answer schema answers, by path: for the pages' typed requests
 * (lib/ui/api.ts `routeQuery`), read from the same entries the routes answer by.
 */
export type ApiResponses = { [P in ApiPath as [GetAnswer<P>] extends [never] ? never : P]: GetAnswer<P> };

/** An operation's name as a route file gives it: `"GET /api/tokens"`. */
export type OperationKey = { [P in ApiPath]: `${Extract<keyof (typeof API_ROUTES)[P], ApiMethod>} ${P}` }[ApiPath];

/** The contract's entry of an operation, with its literal types (its role, its schemas). */
export type OperationOf<K extends OperationKey> = K extends `${infer M} ${infer P}` ? (P extends ApiPath ? (M extends keyof (typeof API_ROUTES)[P] ? (typeof API_ROUTES)[P][M] : never) : never) : never;

/** The entry of `"METHOD /api/…"`; an unknown name is a programming error, thrown at start. */
export function operation<K extends OperationKey>(key: K): OperationOf<K> {
  const at = key.indexOf(" ");
  const methods = API_ROUTES[key.slice(at + 1) as ApiPath] as Partial<Record<ApiMethod, OperationSpec>> | undefined;
  const spec = methods?.[key.slice(0, at) as ApiMethod];
  if (!spec) throw new Error(`${key} is not an operation of lib/contract/api-routes.ts`);
  return spec as OperationOf<K>;
}
