/**
 * What every answer of the dashboard's routes is made of (responses.ts lists the answers): the
 * field kinds, what an affiliate answer says about itself (where it came from, what could not be
 * used, the range it covers) and the shape of one page of a list.
 */
import { z } from "zod";
import type { ReadWindow } from "./params";

/** Identifiers and decimals are strings, times epoch milliseconds. */
export const id = z.string();
export const decimal = z.string();
export const time = z.number();

/**
 * Counts of a funnel's stages, by their names (non-negative integers as WEEX's records give them
 * whole): the funnel, an invite code's funnel and a cohort's conversions each name their own.
 */
export function countFields<K extends string>(...names: K[]): Record<K, z.ZodNumber> {
  return Object.fromEntries(names.map((n) => [n, z.number().int()])) as Record<K, z.ZodNumber>;
}

// ---------------------------------------------------------------------------------------------
// What every affiliate answer says about itself

/** A stretch of an answer's range that is not in it yet (inclusive epoch ms; a null start: open). */
export const pendingRangeSchema = z.object({ startTime: time.nullable(), endTime: time });
export type PendingRange = z.infer<typeof pendingRangeSchema>;

/**
 * Where an affiliate answer came from (the archive, WEEX live, or both) and when it was synced.
 * `pending` only while the first backfill of the answer's data runs (sync on): an aggregate
 * (series, leaderboard, funnel) then answers from what the archive holds so far, at once, and
 * lists here the stretches of its range that are still to come ([] when it holds all of it).
 * The page draws what is there and asks again until nothing is pending.
 */
export const freshnessSchema = z.object({ source: z.enum(["archive", "live", "mixed"]), syncedAt: time.nullable(), pending: z.array(pendingRangeSchema).optional() });
export type Freshness = z.infer<typeof freshnessSchema>;

/** One record WEEX sent that could not be used: where, the value as received, why. */
export const recordProblemSchema = z.object({ path: z.string(), value: z.string(), reason: z.string() });

/** How many records WEEX sent could not be used, and the first of them. */
export const warningsSchema = z.object({ count: z.number().int(), example: recordProblemSchema.nullable() });
export type Warnings = z.infer<typeof warningsSchema>;

export const affiliateMeta = { freshness: freshnessSchema.optional(), warnings: warningsSchema.optional() };

/**
 * The range a sub-affiliate answer (list, series, leaderboard) covers: the request's, or with
 * the bounds it left open chosen by the dashboard (`chosen: true`; params.ts
 * `subAffiliateWindow`: the last 30 days up to now), since WEEX answers only a bounded window.
 * A CSV export says it in headers (X-Data-Window-Start, X-Data-Window-End, X-Data-Window-Chosen).
 */
export const readWindowSchema = z.object({ startTime: time, endTime: time, chosen: z.boolean() }) satisfies z.ZodType<ReadWindow>;
export const subAffiliateMeta = { ...affiliateMeta, window: readWindowSchema };

/** One page of a list: `total` and `pages` are null where WEEX does not say. */
export function listPageSchema<R extends z.ZodType>(record: R) {
  return z.object({
    items: z.array(record),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int().nullable(),
    pages: z.number().int().nullable(),
    hasNextPage: z.boolean(),
    ...affiliateMeta,
  });
}
export type ListPage<T> = Omit<z.infer<ReturnType<typeof listPageSchema<z.ZodUnknown>>>, "items"> & { items: T[] };
