/**
 * Where the aggregate routes and exports get their records from.
 *
 * A source yields batches of records (one upstream page, or one chunk of archive rows) for a
 * filter, in a stable order, and stops when the signal aborts. The routes only see these
 * interfaces: today they read live from WEEX through the client; the archive adds
 * archive-backed sources and a chooser (`source=auto|archive|live`) in `server.ts`, without
 * touching a route, a CSV column or an aggregate.
 */
import type { InviteeRecord, SubAffiliateRecord, WithdrawalRecord } from "@/lib/weex/records";
import {
  inviteePages,
  subAffiliatePages,
  withdrawalPages,
  type InviteeFilter,
  type PageLister,
  type SubAffiliateFilter,
  type WithdrawalFilter,
} from "./pages";

export interface SubAffiliateSource {
  /** Daily records; no productType in the filter means both (SPOT first, then FUTURES). */
  records(filter: SubAffiliateFilter, signal?: AbortSignal): AsyncIterable<SubAffiliateRecord[]>;
}

export interface InviteeSource {
  /** Invited users registered in the range (up to a year; no start = a year back, no end = now). */
  records(filter: InviteeFilter, signal?: AbortSignal): AsyncIterable<InviteeRecord[]>;
}

export interface WithdrawalSource {
  records(filter: WithdrawalFilter, signal?: AbortSignal): AsyncIterable<WithdrawalRecord[]>;
}

export interface AffiliateSources {
  subAffiliates: SubAffiliateSource;
  invitees: InviteeSource;
  withdrawals: WithdrawalSource;
}

/** Sources that page through WEEX live (through the client and its weight budget). */
export function liveSources(lister: PageLister, now: () => number = Date.now): AffiliateSources {
  return {
    subAffiliates: { records: (filter, signal) => subAffiliatePages(lister, filter, signal) },
    invitees: { records: (filter, signal) => inviteePages(lister, filter, signal, now()) },
    withdrawals: { records: (filter, signal) => withdrawalPages(lister, filter, signal) },
  };
}
