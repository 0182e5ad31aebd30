/**
 * Query schemas of the aggregate and export routes (dashboard-api.md), built from the endpoint
 * table's own field rules so a filter means the same here as on the list routes. The route
 * wrapper validates with these before any upstream call.
 *
 * What differs from the list routes, and why:
 * - `productType` is optional: absent means both SPOT and FUTURES.
 * - Invitee ranges may be longer than the upstream's 90 days per query (they are fetched in
 *   slices), but not older than its one year. A day of grace at that edge lets a "last 365
 *   days" preset through even though the server's clock has moved on since the browser
 *   computed it; the part beyond the upstream's year is simply empty (`inviteeSlices`).
 * - Paging fields do not exist here: these routes read every page.
 */
import { z } from "zod";
import { checkWindow, ENDPOINTS, WINDOWS } from "@/lib/weex/endpoints";
import { inEnum, inInt, inTime } from "@/lib/weex/wire";
import { LEADERBOARD_BY, LEADERBOARD_MAX_LIMIT } from "./leaderboard";
import { INVITEE_MAX_AGE_WITH_GRACE_MS } from "./pages";
import { GRANULARITIES, isIanaTimeZone } from "./series";

const sub = ENDPOINTS.subAffiliates.params.shape;
const inv = ENDPOINTS.invitees.params.shape;

/** The invitee window of these routes: ordered, one year (plus grace), no 90-day span. */
export const INVITEE_RANGE = { ordered: true, maxAgeMs: INVITEE_MAX_AGE_WITH_GRACE_MS };

const subAffiliateFilter = {
  productType: sub.productType.optional(),
  subUid: sub.subUid,
  startTime: sub.startTime,
  endTime: sub.endTime,
};

export const timeZone = z
  .string()
  .refine(isIanaTimeZone, "must be an IANA time zone name, e.g. UTC or Europe/Berlin")
  .default("UTC");

/** GET /api/affiliate/sub-affiliates/export */
export const subAffiliatesExportQuery = z
  .strictObject(subAffiliateFilter)
  .superRefine((p, ctx) => checkWindow(WINDOWS.subAffiliates, p, ctx));

/** GET /api/affiliate/sub-affiliates/series */
export const seriesQuery = z
  .strictObject({
    ...subAffiliateFilter,
    granularity: inEnum(GRANULARITIES).default("day"),
    tz: timeZone,
  })
  .superRefine((p, ctx) => checkWindow(WINDOWS.subAffiliates, p, ctx));

/** GET /api/affiliate/sub-affiliates/leaderboard */
export const leaderboardQuery = z
  .strictObject({
    productType: sub.productType.optional(),
    startTime: sub.startTime,
    endTime: sub.endTime,
    by: inEnum(LEADERBOARD_BY).default("commission"),
    limit: inInt(1, LEADERBOARD_MAX_LIMIT).default(10),
  })
  .superRefine((p, ctx) => checkWindow(WINDOWS.subAffiliates, p, ctx));

/** GET /api/affiliate/invitees/export */
export const inviteesExportQuery = z
  .strictObject({ uid: inv.uid, startTime: inv.startTime, endTime: inv.endTime })
  .superRefine((p, ctx) => checkWindow(INVITEE_RANGE, p, ctx));

/** GET /api/affiliate/invitees/funnel: a cohort needs both ends of its range. */
export const funnelQuery = z
  .strictObject({ startTime: inTime, endTime: inTime })
  .superRefine((p, ctx) => checkWindow(INVITEE_RANGE, p, ctx));

/** GET /api/affiliate/withdrawals/export: the list route's filters, past month only. */
export const withdrawalsExportQuery = ENDPOINTS.withdrawals.params;

export type SeriesQuery = z.output<typeof seriesQuery>;
export type SubAffiliatesExportQuery = z.output<typeof subAffiliatesExportQuery>;
export type LeaderboardQuery = z.output<typeof leaderboardQuery>;
export type InviteesExportQuery = z.output<typeof inviteesExportQuery>;
export type FunnelQuery = z.output<typeof funnelQuery>;
export type WithdrawalsExportQuery = z.output<typeof withdrawalsExportQuery>;
