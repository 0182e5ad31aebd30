/**
 * Which records a partner's scope (lib/contract/scope.ts) holds, one rule per dataset — the
 * record-by-record reading of the archive's SQL conditions (lib/archive/read.ts `scopeConds`):
 *
 * - sub-affiliate records: those of the scope's sub-affiliate UIDs;
 * - invitees: those who registered with one of the scope's invite codes (an invitee without a
 *   code belongs to no partner);
 * - transfers: none (transfers are the affiliate's own, never a partner's).
 *
 * A filter carries the scope as `scope` (set by the sources of a partner's request,
 * lib/archive/sources.ts); the page walkers below never send it upstream.
 */
import type { Scope } from "@/lib/contract/scope";
import type { InviteeRecord, SubAffiliateRecord, WithdrawalRecord } from "@/lib/weex/records";

export type { Scope };

export const SCOPE_RULES = {
  subAffiliates: (s: Scope) => (r: SubAffiliateRecord) => r.subAffiliateUid !== undefined && s.subAffiliateUids.includes(r.subAffiliateUid),
  invitees: (s: Scope) => (r: InviteeRecord) => r.inviteCode != null && s.inviteCodes.includes(r.inviteCode),
  withdrawals: (_s: Scope) => (_r: WithdrawalRecord) => false,
} as const;

/** The batches with only the records the scope holds (none when `scope` is undefined: all of them). */
export async function* withinScope<R>(batches: AsyncIterable<R[]>, keep: ((r: R) => boolean) | undefined): AsyncGenerator<R[]> {
  for await (const batch of batches) {
    const kept = keep ? batch.filter(keep) : batch;
    if (kept.length > 0) yield kept;
  }
}
