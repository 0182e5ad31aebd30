/**
 * What a partner may do on each route, in one table: every viewer route names in
 * its `route()` entry which kind applies (`partners:`), and the wrapper (route.ts) asks here
 * once per request, after the role and the input are checked and before the handler runs —
 * so before any upstream call.
 *
 * - `subAffiliates`: sub-affiliate rows; the partner's sub-affiliate UIDs (a partner without
 *   any gets a 403, their pages do not offer it); `subUid` outside them → 403 naming `subUid`.
 * - `invitees`: invitee rows; the partner's invite codes; `inviteCode` outside them → 403
 *   naming it; `uid` (in the query, or the path: an invitee's assets) of an invitee the archive
 *   does not hold under one of them → 403 naming `uid` (an invitee of someone else, or one not
 *   synced yet: nothing says whose it is). Commission records and the value list
 *   are invitee rows too: those of the scope's invitees (lib/archive/scope-invitees.ts).
 * - `open`: nothing of anyone's rows (markets, coins, the archive's progress): as for a viewer.
 * - `denied`: not for partners (transfers, alerts, …): 403. Trader and admin routes need no
 *   entry: a partner has none of the ranked roles (lib/contract/roles.ts), so they are 403.
 *
 * The scope found here goes to the handler (`ctx.scope`, for `affiliateSources(source, scope)`)
 * and into the coalescing key: a partner's answer is never shared with another scope or
 * with anyone unscoped.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { FieldIssue } from "@/lib/contract/errors";
import type { Scope } from "@/lib/contract/scope";
import { getDb } from "@/lib/db";
import { rows } from "@/lib/archive/db";
import type { SessionUser } from "./principal";
import { ApiError } from "../http/errors";

export type PartnerAccess = "subAffiliates" | "invitees" | "open" | "denied";

/** How a field of a scoped route is checked against the scope. */
type FieldCheck = (value: string, scope: Scope) => Promise<boolean>;

interface ScopedKind {
  /** the part of the scope the route's rows are selected by (a partner without any: 403) */
  needs: keyof Scope;
  /** what the 403 says a partner without it lacks */
  lacks: string;
  /** the request's fields that name someone, and how each is checked */
  fields: Record<string, FieldCheck>;
}

const among = (part: keyof Scope): FieldCheck => async (value, scope) => scope[part].includes(value);

/** An invitee is in the scope when the archive holds them under one of its invite codes. */
const inviteeOfScope: FieldCheck = async (uid, scope) => {
  if (scope.inviteCodes.length === 0) return false;
  const db = await getDb();
  const found = await rows<{ code: string | null }>(db, sql`SELECT invite_code AS code FROM archive_invitee WHERE uid = ${uid}`);
  return found.some((r) => r.code !== null && scope.inviteCodes.includes(r.code));
};

export const PARTNER_ACCESS: Record<"subAffiliates" | "invitees", ScopedKind> = {
  subAffiliates: { needs: "subAffiliateUids", lacks: "sub-affiliates", fields: { subUid: among("subAffiliateUids") } },
  invitees: { needs: "inviteCodes", lacks: "invite codes", fields: { inviteCode: among("inviteCodes"), uid: inviteeOfScope } },
};

/**
 * The scope a request is answered within: null for anyone but a partner (and for a partner on
 * an `open` route); a 403 where a partner may not go or names someone outside their scope.
 */
export async function partnerScope(user: SessionUser | null, access: PartnerAccess | undefined, input: unknown): Promise<Scope | null> {
  if (!user || user.role !== "partner") return null;
  // (a route without an entry is not for partners: only viewer routes have one, by type)
  if (access === undefined || access === "denied") throw new ApiError("forbidden", `This is not part of a partner's view; you are signed in as ${user.username} (partner).`);
  if (access === "open") return null;
  const scope = user.scope;
  const kind = PARTNER_ACCESS[access];
  if (!scope || scope[kind.needs].length === 0) throw new ApiError("forbidden", `Your view has no ${kind.lacks}; you are signed in as ${user.username} (partner).`);
  const given = (input ?? {}) as Record<string, unknown>;
  const outside: FieldIssue[] = [];
  for (const [field, check] of Object.entries(kind.fields)) {
    const value = given[field];
    if (typeof value === "string" && !(await check(value, scope))) outside.push({ path: field, message: "is not in your view" });
  }
  if (outside.length) throw new ApiError("forbidden", `${outside.map((f) => f.path).join(", ")}: not in your view.`, { fields: outside });
  return scope;
}
