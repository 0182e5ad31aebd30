/**
 * A share link's filters are its scope: the wrapper (route.ts) holds every request a link's
 * reader makes to them, after the partner check (partner-access.ts) and before the handler, so
 * before anything is read. The link's query is where /share/{token} lands and also what its
 * reader may see (lib/ui/share-scope.ts reads its filters from it):
 *
 * - Each dimension the link filters (invite code, sub-affiliate UID, invitee UID, product type:
 *   `FIXED` below) is fixed: a request naming another value, or leaving the field out on a
 *   route that takes it (asking for more), is a 403 naming the field. A dimension the link does
 *   not filter stays open within its creator's scope (where a partner's missing one is closed).
 * - The invite codes and sub-affiliate UIDs also narrow the handler's scope (`ctx.scope`), as a
 *   partner's do: routes that cannot filter by code themselves (the commission records, the
 *   funnel, cohorts) answer the codes' invitees only, by the archive's mapping; a named `uid` is
 *   checked against it, and one the archive does not hold is refused (only a live read could
 *   say whose they are, and a code-limited link makes none for that).
 * - The period: the link's period and its comparison, resolved again at each request (a
 *   rolling "last 30 days" stays rolling) in the request's zone (its `tz`, or the view's,
 *   SHARE_TZ_HEADER); a request's startTime and endTime must lie within one of them. A link
 *   made without a period is open in time. Routes the view reads for one invitee
 *   (SharePage.oneInvitee) need its `uid` and keep that invitee's own range.
 * - The creator's scope when the link was made (kept with it), intersected with their scope
 *   now: a partner later made a viewer does not widen their old links.
 *
 * What a reader may change is presentation only: granularity, zone, sort, page and page size.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import type { FieldIssue } from "@/lib/contract/errors";
import { isIanaTimeZone } from "@/lib/contract/params";
import { queryFields } from "@/lib/contract/queries";
import type { Scope } from "@/lib/contract/scope";
import { isSharePage, SHARE_TZ_HEADER, shareReadsOneInvitee, type SharePageKey } from "@/lib/contract/share";
import { rows } from "@/lib/archive/db";
import { getDb } from "@/lib/db";
import type { ShareLinkRow } from "@/lib/db/share-links";
import { allowedRanges, linkFilters, type AllowedRange, type LinkFilters, type ShareDimension } from "@/lib/ui/share-scope";
import { ApiError } from "../http/errors";
import type { PartnerAccess } from "./partner-access";
import type { Principal, ShareGrant } from "./principal";

/** What the wrapper keeps of a link for its requests. */
export function shareGrant(link: ShareLinkRow): ShareGrant {
  const kept = link.creatorScopeSubAffiliateUids !== null || link.creatorScopeInviteCodes !== null;
  return {
    id: link.id,
    page: link.page,
    query: link.query,
    creatorScope: kept ? { subAffiliateUids: link.creatorScopeSubAffiliateUids ?? [], inviteCodes: link.creatorScopeInviteCodes ?? [] } : null,
  };
}

/** Each part of a scope: a list of what it holds (empty: nothing), or null (open: all). */
type Limits = Record<keyof Scope, string[] | null>;

const OPEN: Limits = { subAffiliateUids: null, inviteCodes: null };

function narrow(a: string[] | null, b: string[] | null): string[] | null {
  if (a === null) return b;
  return b === null ? a : a.filter((x) => b.includes(x));
}

/** Limits within limits: each part the values both hold. */
function within(a: Limits, b: Limits): Limits {
  return { subAffiliateUids: narrow(a.subAffiliateUids, b.subAffiliateUids), inviteCodes: narrow(a.inviteCodes, b.inviteCodes) };
}

/** A partner's scope as limits (both parts closed where empty); anyone else's: open. */
const limitsOf = (scope: Scope | null): Limits => (scope ? { subAffiliateUids: scope.subAffiliateUids, inviteCodes: scope.inviteCodes } : OPEN);

/**
 * What the link may show: its creator's scope then and now, and its own filters. (A link's
 * creator who is a partner now reads as one: partner-access.ts has checked the scope now too.)
 */
export function linkLimits(grant: ShareGrant, creatorNow: Scope | null, filters: LinkFilters): Limits {
  const own: Limits = {
    subAffiliateUids: filters.values.subUid !== undefined ? [filters.values.subUid] : null,
    inviteCodes: filters.values.inviteCode !== undefined ? [filters.values.inviteCode] : null,
  };
  return within(within(limitsOf(grant.creatorScope), limitsOf(creatorNow)), own);
}

/**
 * The scope a link's view is shown within, for its page (app/share/[token]: whether the
 * overview shows the funnel): its creator's then and now; null for none.
 */
export function linkViewScope(link: ShareLinkRow, creatorNow: Scope | null): Scope | null {
  const l = within(limitsOf(shareGrant(link).creatorScope), limitsOf(creatorNow));
  return l.subAffiliateUids === null && l.inviteCodes === null ? null : { subAffiliateUids: l.subAffiliateUids ?? [], inviteCodes: l.inviteCodes ?? [] };
}

/** The part of the limits each kind of route's rows are selected by (partner-access.ts PARTNER_ACCESS `needs`). */
const PART: Record<"subAffiliates" | "invitees", { part: keyof Scope; lacks: string }> = {
  subAffiliates: { part: "subAffiliateUids", lacks: "sub-affiliates" },
  invitees: { part: "inviteCodes", lacks: "invite codes" },
};

/** A request as the checks see it: its fields (path and query), those its route takes, and how it reads the link. */
interface Asked {
  given: Record<string, unknown>;
  takes: ReadonlySet<string>;
  oneInvitee: boolean;
}

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/**
 * The fixed dimensions, one entry each: the request field the link's value fixes, and when a
 * request may leave it out on a route that takes it (only for something narrower: a named
 * invitee, checked against the link's codes, stands for its code).
 */
const FIXED: Record<ShareDimension, { field: string; mayOmit?: (a: Asked) => boolean }> = {
  inviteCode: { field: "inviteCode", mayOmit: (a) => str(a.given.uid) !== undefined },
  subUid: { field: "subUid" },
  uid: { field: "uid" },
  productType: { field: "productType" },
};

function fixedIssues(filters: LinkFilters, a: Asked): FieldIssue[] {
  const out: FieldIssue[] = [];
  for (const [dim, value] of Object.entries(filters.values) as [ShareDimension, string][]) {
    const { field, mayOmit } = FIXED[dim];
    const got = str(a.given[field]);
    if (got === value || (got === undefined && (!a.takes.has(field) || mayOmit?.(a)))) continue;
    out.push({ path: field, message: `must be ${value}: this share link shows only that` });
  }
  return out;
}

/** Values named outside the link's codes or sub-affiliates (from its creator's scope; its own filters are FIXED). */
function limitIssues(limits: Limits, a: Asked): FieldIssue[] {
  const out: FieldIssue[] = [];
  for (const [field, part] of [["inviteCode", "inviteCodes"], ["subUid", "subAffiliateUids"]] as const) {
    const got = str(a.given[field]);
    const held = limits[part];
    if (got !== undefined && held !== null && !held.includes(got)) out.push({ path: field, message: "is outside this share link's view" });
  }
  return out;
}

/** A named invitee must be one the archive holds under the link's codes (where it has any). */
async function uidIssues(limits: Limits, a: Asked): Promise<FieldIssue[]> {
  const uid = str(a.given.uid);
  if (uid === undefined) return a.oneInvitee ? [{ path: "uid", message: "is required: this share link reads this for one invitee of its view" }] : [];
  const codes = limits.inviteCodes;
  if (codes === null) return [];
  const found = await rows<{ code: string | null }>(await getDb(), sql`SELECT invite_code AS code FROM archive_invitee WHERE uid = ${uid}`);
  if (found.some((r) => r.code !== null && codes.includes(r.code))) return [];
  if (found.length > 0) return [{ path: "uid", message: "is outside this share link's view" }];
  return [{ path: "uid", message: "cannot be told to be an invitee of this share link's invite codes: the archive does not hold them yet, and a link limited to invite codes makes no live read to find out" }];
}

/**
 * How long after midnight a request for the day before is still let through: a view fixes
 * "today" when it opens, so a rolling period asked at 23:59 reaches the server a moment later.
 */
export const PERIOD_GRACE_MS = 10 * 60_000;

const fits = (r: AllowedRange, s: number | undefined, e: number | undefined) => ({
  start: r.startTime === undefined || (s !== undefined && s >= r.startTime),
  end: r.endTime === undefined || (e !== undefined && e <= r.endTime),
});

const day = (ms: number | undefined) => (ms === undefined ? "…" : new Date(ms).toISOString());

/** The request's range within the link's period (or its comparison), resolved now in `tz`. */
function periodIssues(filters: LinkFilters, a: Asked, tz: string, now: number): FieldIssue[] {
  if (!filters.period || a.oneInvitee || !a.takes.has("startTime")) return [];
  const ranges = [...allowedRanges(filters.period, tz, now), ...allowedRanges(filters.period, tz, now - PERIOD_GRACE_MS)];
  const s = typeof a.given.startTime === "number" ? a.given.startTime : undefined;
  const e = typeof a.given.endTime === "number" ? a.given.endTime : undefined;
  const checks = ranges.map((r) => fits(r, s, e));
  if (checks.some((c) => c.start && c.end)) return [];
  // (named against the range the request comes nearest, the period itself on a tie)
  const score = (c: { start: boolean; end: boolean }) => Number(c.start) + Number(c.end);
  const nearest = checks.reduce((best, c) => (score(c) > score(best) ? c : best), checks[0]!);
  const [p] = ranges;
  const message = `must lie within this share link's period (${day(p!.startTime)} – ${day(p!.endTime)} in ${tz}, or its comparison)`;
  return (["startTime", "endTime"] as const).filter((f) => !nearest[f === "startTime" ? "start" : "end"]).map((path) => ({ path, message }));
}

/** The zone a request is in: its own `tz`, else the one its shared view shows, else the link's. */
function requestZone(req: NextRequest, filters: LinkFilters): string {
  const own = req.nextUrl.searchParams.get("tz") || req.headers.get(SHARE_TZ_HEADER);
  if (own === null || own === "") return filters.period?.tz ?? "UTC";
  if (!isIanaTimeZone(own)) throw new ApiError("validation_error", `The request's time zone ${own} is not known.`, { fields: [{ path: "tz", message: "must be an IANA time zone name, e.g. UTC or Europe/Berlin" }] });
  return own;
}

/** The fields a route takes: its query's (queryFields: those of a composed query too) and its path's. */
function fieldsOf({ query, params }: { query?: z.ZodType; params?: z.ZodType }): Set<string> {
  const shape = (s: z.ZodType | undefined) => Object.keys((s && queryFields(s)?.shape) ?? {});
  return new Set([...shape(query), ...shape(params)]);
}

/** The scope the handler answers within: the route's part of the limits (null where it is open and no partner's scope applies). */
function handlerScope(limits: Limits, access: "subAffiliates" | "invitees", partner: Scope | null): Scope | null {
  const held = limits[PART[access].part];
  if (held === null) return partner;
  return { subAffiliateUids: limits.subAffiliateUids ?? [], inviteCodes: limits.inviteCodes ?? [] };
}

/**
 * The scope a share reader's request is answered within, or a 403 naming each field that asks
 * for more than the link shows. Anyone else's request: `partner` (partnerScope's answer) as is.
 */
export async function shareScope(
  principal: Principal | null,
  access: PartnerAccess | undefined,
  req: NextRequest,
  input: Record<string, unknown>,
  schemas: { query?: z.ZodType; params?: z.ZodType },
  partner: Scope | null,
): Promise<Scope | null> {
  const grant = principal?.via === "share" ? principal.share : undefined;
  if (!grant || !isSharePage(grant.page) || (access !== "subAffiliates" && access !== "invitees")) return partner;
  const page = grant.page as SharePageKey;
  const filters = linkFilters(page, grant.query);
  const limits = linkLimits(grant, principal!.user.role === "partner" ? principal!.user.scope : null, filters);
  const { part, lacks } = PART[access];
  if (limits[part]?.length === 0) throw new ApiError("forbidden", `This share link's view has no ${lacks}.`);
  const asked: Asked = { given: input, takes: fieldsOf(schemas), oneInvitee: shareReadsOneInvitee(page, req.nextUrl.pathname) };
  const issues = [...fixedIssues(filters, asked), ...limitIssues(limits, asked), ...periodIssues(filters, asked, requestZone(req, filters), Date.now())];
  if (access === "invitees") issues.push(...(await uidIssues(limits, asked)));
  const named = issues.filter((i, n) => issues.findIndex((j) => j.path === i.path) === n);
  if (named.length) throw new ApiError("forbidden", `${named.map((f) => f.path).join(", ")}: outside this share link's view.`, { fields: named });
  return handlerScope(limits, access, partner);
}
