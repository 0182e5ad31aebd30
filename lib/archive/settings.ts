/**
 * The archive's knobs, with the defaults the issue asks for. `archiveSettingsFromEnv` reads the
 * few that an operator may want to change; tests pass their own.
 */

import { DAY_MS } from "../time/calendar";

export const DATASETS = ["subAffiliates", "invitees", "withdrawals", "commissions", "inviteeTotals"] as const;
export type DatasetKey = (typeof DATASETS)[number];

/**
 * What each invitee is worth: commission records and per-invitee totals. Their first
 * backfill (at scale 1 ~68,000 and ~13,000 weight: 23 and 4 min of WEEX's budget) waits until
 * the other datasets have synced once, so the overview's history is built as fast as before, and
 * it is not in the overall "Building your history" figure (its datasets say their own progress).
 */
export const VALUE_DATASETS = ["commissions", "inviteeTotals"] as const satisfies readonly DatasetKey[];

export function isValueDataset(d: DatasetKey): boolean {
  return (VALUE_DATASETS as readonly string[]).includes(d);
}

export function isDatasetKey(v: unknown): v is DatasetKey {
  return typeof v === "string" && (DATASETS as readonly string[]).includes(v);
}

export type AccountType = "SPOT" | "FUND";

export interface ArchiveSettings {
  /** how many UTC days of sub-affiliate records (today included) the archive keeps current */
  subAffiliateDays: number;
  /** backfill slice length for sub-affiliate records (whole days) */
  subAffiliateSliceDays: number;
  /** backfill slice length for internal transfers */
  withdrawalSliceMs: number;
  /**
   * The account-type pairs whose transfers are archived. Records do not say their account
   * types, so each pair is its own query (and the pair is stored with the record).
   */
  withdrawalAccountTypes: ReadonlyArray<readonly [AccountType, AccountType]>;
  /** how often the whole invitee year is re-read (KYC, deposits, trades change after registration) */
  inviteeRefreshMs: number;
  /** incremental syncs re-read this much before the newest record time they hold */
  overlapMs: number;
  /**
   * Room kept at the upstream's age limits (invitees one year, transfers one month): a slice
   * may wait in the queue a while before its first request, and clocks differ.
   */
  windowMarginMs: number;
  /** how many days of commission records (today included) the archive backfills and keeps current */
  commissionDays: number;
  /** backfill slice length for commission records (one WEEX query window per product type) */
  commissionSliceDays: number;
  /**
   * Incremental runs re-read commission records from this long before the newest instant held:
   * a record WEEX posts a little after its `date` is still met.
   */
  commissionLagMs: number;
  /**
   * Per-invitee totals (deposits, withdrawals) are held per UTC day for this many days before
   * today at the first backfill (and every day after it); the older rest of WEEX's year per UTC
   * week (Monday to Sunday): about half the weight of a year of days (docs/invitee-value.md).
   */
  movementDailyDays: number;
  /** a day's totals are re-read until this long after it ended (late postings) */
  movementSettleMs: number;
  /** time between incremental runs of the per-invitee totals */
  movementIntervalMs: number;
  /** time between incremental runs of a dataset */
  intervalMs: number;
  /** …of internal transfers (each request weighs 100, and there are four account-type pairs) */
  withdrawalIntervalMs: number;
  /**
   * Invitees and transfers synced within this long are answered from the archive up to now
   * (with their `syncedAt`); older, the part since the last sync is asked live.
   */
  freshMs: number;
  /**
   * How long a background request may wait for budget weight before the run fails. Long:
   * background work gives way to every waiting person, so while people use the whole budget
   * (live walks over a still-empty archive) it waits rather than failing its run and sitting
   * out the interval. Stopping the sync still ends the wait at once (its signal).
   */
  budgetWaitMs: number;
}

export const DEFAULT_SETTINGS: ArchiveSettings = {
  subAffiliateDays: 365,
  subAffiliateSliceDays: 30,
  withdrawalSliceMs: 30 * DAY_MS,
  withdrawalAccountTypes: [
    ["SPOT", "SPOT"],
    ["SPOT", "FUND"],
    ["FUND", "SPOT"],
    ["FUND", "FUND"],
  ],
  inviteeRefreshMs: 15 * 60_000,
  commissionDays: 365,
  commissionSliceDays: 7,
  commissionLagMs: 60 * 60_000,
  movementDailyDays: 90,
  movementSettleMs: 60 * 60_000,
  movementIntervalMs: 5 * 60_000,
  overlapMs: 10 * 60_000,
  windowMarginMs: 10 * 60_000,
  intervalMs: 60_000,
  withdrawalIntervalMs: 3 * 60_000,
  freshMs: 5 * 60_000,
  budgetWaitMs: 15 * 60_000,
};

/**
 * The share of WEEX's weight budget background work (the sync) may fill. The rest (5 %: 25
 * weight per 10 s) is kept for people: reads may fill up to 98 % and orders the last 2 %
 * (lib/weex/budget.ts), so a page of sub-affiliate records or a lookup beside a full backfill
 * goes at once, and the backfill still runs at over 90 % of the budget. Whatever a person
 * needs beyond that, the backfill gives way for: it is not admitted while anyone waits.
 */
export const BACKGROUND_SHARE = 0.95;

/** `ARCHIVE_SYNC=off` disables the scheduler; the archive tables are still read. */
export function archiveSyncEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return !/^(off|false|0|no)$/i.test(env.ARCHIVE_SYNC ?? "");
}

export function archiveSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ArchiveSettings {
  const num = (name: string, fallback: number, min: number) => {
    const v = Number(env[name]);
    return env[name] !== undefined && Number.isFinite(v) && v >= min ? v : fallback;
  };
  return {
    ...DEFAULT_SETTINGS,
    intervalMs: num("ARCHIVE_SYNC_INTERVAL_MS", DEFAULT_SETTINGS.intervalMs, 5_000),
    withdrawalIntervalMs: num("ARCHIVE_WITHDRAWAL_INTERVAL_MS", DEFAULT_SETTINGS.withdrawalIntervalMs, 5_000),
    freshMs: num("ARCHIVE_FRESH_MS", DEFAULT_SETTINGS.freshMs, 0),
    subAffiliateDays: num("ARCHIVE_SUB_AFFILIATE_DAYS", DEFAULT_SETTINGS.subAffiliateDays, 2),
    inviteeRefreshMs: num("ARCHIVE_INVITEE_REFRESH_MS", DEFAULT_SETTINGS.inviteeRefreshMs, 60_000),
    commissionDays: num("ARCHIVE_COMMISSION_DAYS", DEFAULT_SETTINGS.commissionDays, 2),
    movementDailyDays: num("ARCHIVE_MOVEMENT_DAILY_DAYS", DEFAULT_SETTINGS.movementDailyDays, 2),
    movementIntervalMs: num("ARCHIVE_MOVEMENT_INTERVAL_MS", DEFAULT_SETTINGS.movementIntervalMs, 5_000),
  };
}

/**
 * How long the live part of a `source=auto` answer (today's sub-affiliate records, invitees
 * since the last sync) is reused: `LIVE_CACHE_MS`, default 30 s, 0 disables.
 */
export function liveCacheMsFromEnv(env: Record<string, string | undefined> = process.env): number {
  const v = Number(env.LIVE_CACHE_MS);
  return env.LIVE_CACHE_MS !== undefined && env.LIVE_CACHE_MS.trim() !== "" && Number.isFinite(v) && v >= 0 ? v : 30_000;
}
