/**
 * A partner's scope: the sub-affiliate UIDs and/or invite codes whose rows they may
 * see, at least one of either. One shape and one set of rules for the database, the admin API,
 * the users CLI, the route wrapper and the pages (this module imports nothing server-side).
 *
 * Stored and compared in a normal form (trimmed, without duplicates, sorted), so two equal
 * scopes are one cache key and one coalesced answer, however the admin listed them.
 */
import { z } from "zod";
import { inId } from "@/lib/weex/wire";

export interface Scope {
  subAffiliateUids: string[];
  inviteCodes: string[];
}

/** More would make every partner query an IN list of thousands: a partner is a few people. */
export const SCOPE_MAX_ENTRIES = 200;

/** An invite code as the invitee filter takes one (lib/contract/queries.ts): any text WEEX may send, trimmed. */
const inviteCode = z.string({ error: "must be a list of invite codes" }).trim().min(1, "must not be empty").max(64, "must be at most 64 characters");

/** The scope in a request body: `{subAffiliateUids?: [...], inviteCodes?: [...]}`, at least one entry in all. */
export const scopeSchema = z
  .strictObject({
    subAffiliateUids: z.array(inId, { error: "must be a list of sub-affiliate UIDs" }).max(SCOPE_MAX_ENTRIES, `must name at most ${SCOPE_MAX_ENTRIES}`).default([]),
    inviteCodes: z.array(inviteCode, { error: "must be a list of invite codes" }).max(SCOPE_MAX_ENTRIES, `must name at most ${SCOPE_MAX_ENTRIES}`).default([]),
  }, { error: "must be an object {subAffiliateUids, inviteCodes}" })
  .transform(normalScope)
  .refine((s) => !isEmptyScope(s), { message: "must name at least one sub-affiliate UID or invite code" });

/** The normal form: each list trimmed, without duplicates, in code-point order. */
export function normalScope(s: { subAffiliateUids?: readonly string[]; inviteCodes?: readonly string[] }): Scope {
  const norm = (xs: readonly string[] = []) => [...new Set(xs.map((x) => x.trim()).filter((x) => x !== ""))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { subAffiliateUids: norm(s.subAffiliateUids), inviteCodes: norm(s.inviteCodes) };
}

export function isEmptyScope(s: Scope): boolean {
  return s.subAffiliateUids.length === 0 && s.inviteCodes.length === 0;
}

/** The scope as one stable text (cache and coalescing keys). */
export function scopeKey(s: Scope): string {
  return JSON.stringify([s.subAffiliateUids, s.inviteCodes]);
}
