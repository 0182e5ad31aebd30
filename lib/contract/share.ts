/**
 * Share links: which views a link can show, and which routes each view may read
 * with the link's token — one table. The route wrapper (lib/server/http/route.ts) lets a request
 * that carries a token (the SHARE_TOKEN_HEADER) and no session through to these routes only
 * (GET, within the link's filters and the creator's scope: lib/server/identity/share-scope.ts), an
 * export route only when the link allows exports; the manager's own routes (NEVER_SHARED) answer
 * it 403, every other route 401. A view's own API calls are listed here as its query
 * options name them (app/(app)/<page>/query-options.ts): a view that starts reading another
 * route needs its line here, or that part of the shared view shows a 403.
 */
import { z } from "zod";
import { passwordProblem } from "@/lib/config/user-rules";

/** The header the browser sends a shared view's API requests with (lib/ui/api.ts, components/export/download.ts). */
export const SHARE_TOKEN_HEADER = "x-share-token";
/**
 * The time zone a shared view shows (its URL's `tz`), sent with its API requests: a link's
 * period is resolved in it at each request (lib/server/identity/share-scope.ts), as the view resolves it.
 */
export const SHARE_TZ_HEADER = "x-share-tz";

/** Routes every shared view reads: the archive's progress and the reference data. */
const COMMON = ["/api/archive/status", "/api/reference/coins", "/api/reference/symbols"] as const;

export interface SharePage {
  /** the part of a partner's scope the view shows (as its page's entry: app/(app)/pages.ts); a partner without it cannot share it */
  partners: "subAffiliates" | "invitees";
  /** the routes its view reads (a `[uid]` segment stands for one path segment) */
  routes: readonly string[];
  /** its CSV exports: only with allowExport */
  exports: readonly string[];
  /**
   * Routes the view reads for one invitee it shows (its detail): a request must name that
   * invitee (`uid`), and its range is that invitee's own, not the view's period.
   */
  oneInvitee?: readonly string[];
}

/** The views a link can show, keyed as the pages are (app/(app)/pages.ts): the reports, not the tools. */
export const SHARE_PAGES = {
  overview: {
    partners: "subAffiliates",
    routes: ["/api/affiliate/sub-affiliates/leaderboard", "/api/affiliate/sub-affiliates/series", "/api/affiliate/invitees/funnel", "/api/affiliate/commissions/series"],
    exports: [],
  },
  subAffiliates: { partners: "subAffiliates", routes: ["/api/affiliate/sub-affiliates", "/api/affiliate/sub-affiliates/series"], exports: ["/api/affiliate/sub-affiliates/export"] },
  invitees: { partners: "invitees", routes: ["/api/affiliate/invitees"], exports: ["/api/affiliate/invitees/export"] },
  cohorts: { partners: "invitees", routes: ["/api/affiliate/invitees/cohorts", "/api/affiliate/invitees/codes"], exports: [] },
  value: {
    partners: "invitees",
    routes: ["/api/affiliate/invitees/value", "/api/affiliate/invitees", "/api/affiliate/commissions", "/api/affiliate/commissions/series", "/api/affiliate/invitees/[uid]/assets"],
    exports: ["/api/affiliate/invitees/value/export", "/api/affiliate/commissions/export"],
    // (the detail's registration row and live assets: never the list of every invitee)
    oneInvitee: ["/api/affiliate/invitees", "/api/affiliate/invitees/[uid]/assets"],
  },
} as const satisfies Record<string, SharePage>;

export type SharePageKey = keyof typeof SHARE_PAGES;
export const SHARE_PAGE_KEYS = Object.keys(SHARE_PAGES) as SharePageKey[];

export function isSharePage(value: unknown): value is SharePageKey {
  return typeof value === "string" && Object.hasOwn(SHARE_PAGES, value);
}

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split("/");
  const b = pathname.split("/");
  return a.length === b.length && a.every((seg, i) => (seg.startsWith("[") ? b[i] !== "" : seg === b[i]));
}

/** What a link to `page` lets a request to `pathname` do: read it, read it only with allowExport, or nothing. */
export function shareRouteAccess(page: SharePageKey, pathname: string): "read" | "export" | null {
  const entry: SharePage = SHARE_PAGES[page];
  if ([...COMMON, ...entry.routes].some((p) => matches(p, pathname))) return "read";
  if (entry.exports.some((p) => matches(p, pathname))) return "export";
  return null;
}

/**
 * What no link shows, whatever its view: the manager's own reads (risk flags and rules, under
 * these prefixes: which referrals put the commission at risk stays inside the team). A link's
 * token that opens its view is answered 403 there — refused on purpose, as partners are — where
 * any other route outside its view answers 401.
 */
export const NEVER_SHARED = ["/api/risk"] as const;

export function neverShared(pathname: string): boolean {
  return NEVER_SHARED.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Whether a link to `page` reads `pathname` for one invitee only (SharePage.oneInvitee). */
export function shareReadsOneInvitee(page: SharePageKey, pathname: string): boolean {
  const entry: SharePage = SHARE_PAGES[page];
  return (entry.oneInvitee ?? []).some((p) => matches(p, pathname));
}

/** The longest a link may live, and the default of the page's form. */
export const SHARE_MAX_DAYS = 90;

/** POST /api/share-links: the body (the share button sends it, the route validates it). */
export const newShareLinkSchema = z.strictObject({
  page: z.string({ error: "is required" }).refine(isSharePage, { message: `must be one of ${SHARE_PAGE_KEYS.join(", ")}` }),
  /** the page's query string (its filters), with or without "?" */
  query: z
    .string()
    .max(2000, { error: "must be at most 2000 characters" })
    .optional()
    .transform((q) => new URLSearchParams((q ?? "").replace(/^\?/, "")).toString()),
  expiresAt: z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time with its offset" }).transform((s) => new Date(s)),
  password: z
    .string()
    .superRefine((p, ctx) => {
      const problem = passwordProblem(p);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  allowExport: z.boolean({ error: "must be true or false" }).optional(),
});
export type NewShareLinkInput = z.input<typeof newShareLinkSchema>;
export type NewShareLink = z.output<typeof newShareLinkSchema>;
/** What POST /api/share-links answers: the link's URL (with its token, shown this once). */
export interface ShareLinkCreated {
  id: string;
  url: string;
}

/** DELETE /api/share-links/{id} */
export const shareLinkParams = z.object({ id: z.string().max(64) });

/** POST /api/share-links/unlock: a link's token and the password that opens it in this browser. */
export const shareUnlockSchema = z.strictObject({
  token: z.string({ error: "is required" }).max(100),
  password: z.string({ error: "is required" }).max(200),
});
export type ShareUnlock = z.output<typeof shareUnlockSchema>;
