/**
 * The per-UTC-hour summary of archived registrations (migration 0140, `archive_invitee_hour`),
 * kept in step by the database in the statement that changes `archive_invitee`.
 *
 * A cohort (a week or month in some zone) is a run of whole UTC hours, except where a boundary
 * is not on the hour: the request's own start and end, and the midnights of zones offset by
 * :30 or :45. `splitByHour` says which hours the summary answers and which few hours must be
 * read from the raw rows; `addHourCounts` sums the summary's hours into cohorts and
 * `addCutHourCounts` counts the cut hours' raw rows by the same rules.
 */
import { sql, type SQL } from "drizzle-orm";
import { TRADE_DELAY_BINS, WITHIN_DAYS, type CohortBucket, type CohortCounts, type WithinKey } from "@/lib/affiliate/cohorts";

import { rows, type Db } from "./db";
import { DAY_MS } from "@/lib/time/calendar";

export const HOUR_MS = 3_600_000;

const floorHour = (t: number) => t - (((t % HOUR_MS) + HOUR_MS) % HOUR_MS);

export interface HourSplit {
  /** whole hours [from, to) the summary answers (less `cut`) */
  whole: { from: number; to: number };
  /** starts of the hours holding a boundary that is not on the hour: read from the raw rows */
  cut: number[];
}

/**
 * Splits the registrations of [startTime, endTime] in `buckets` into whole summary hours and the
 * hours cut by a boundary. Every hour of the summary span that is not cut lies inside one bucket.
 */
export function splitByHour(buckets: readonly CohortBucket[], range: { startTime: number; endTime: number }): HourSplit {
  const end = range.endTime + 1; // exclusive
  const bounds = [range.startTime, end, ...buckets.map((b) => b.from), ...buckets.map((b) => b.to)].filter((t) => t >= range.startTime && t <= end);
  const cut = [...new Set(bounds.filter((t) => t % HOUR_MS !== 0).map(floorHour))].sort((a, b) => a - b);
  return { whole: { from: floorHour(range.startTime + HOUR_MS - 1), to: floorHour(end) }, cut };
}

/** The summary column of each time-to-first-trade bin (TRADE_DELAY_BINS: hours, the last open). */
export const BIN_COLUMNS = TRADE_DELAY_BINS.map((h) => (h === null ? "traded_later" : `traded_upto_${h}h`));

/**
 * A list of epoch ms as ONE `bigint[]` parameter (its text literal, which both drivers pass as
 * it is). A statement's size must not grow with the range: a list written as one parameter per
 * element, repeated in each part of a statement, made a five-year daily series in a :45 zone
 * ~3.25 million parameters (and ended the process). The one parameter's text is bounded by the
 * longest range the contract allows (lib/contract/params.ts MAX_ANSWER_BUCKETS).
 */
export function msArraySql(list: readonly number[]): SQL {
  return sql`${`{${list.map((t) => Math.trunc(t)).join(",")}}`}::bigint[]`;
}

/** `width_bucket(col, bounds) − 1`: the index of the bucket a time falls in (−1 / n outside). */
export function bucketOfSql(column: SQL, buckets: readonly CohortBucket[]): SQL {
  return sql`width_bucket(${column}, ${bucketBounds(buckets)}) - 1`;
}

/** The buckets' bounds (each `from`, then the last `to`) as one parameter. */
export function bucketBounds(buckets: readonly CohortBucket[]): SQL {
  return msArraySql([...buckets.map((b) => b.from), buckets[buckets.length - 1].to]);
}

/** The counted columns, as the summary names them (the raw count below uses the same names). */
const WITHIN_KEYS = Object.keys(WITHIN_DAYS) as WithinKey[];
const COUNT_COLUMNS = ["registered", "kyc_passed", "deposited", "traded", ...WITHIN_KEYS.flatMap((k) => [`deposited_${k}`, `traded_${k}`]), ...BIN_COLUMNS];

/** Sums the summary's whole hours into `counts` and `bins` (activeLast30d is not in the summary). */
export async function addHourCounts(db: Db, buckets: readonly CohortBucket[], split: HourSplit, counts: CohortCounts[], bins: number[]): Promise<void> {
  if (split.whole.from >= split.whole.to) return;
  const notCut = split.cut.length > 0 ? sql`AND hour <> ALL (${msArraySql(split.cut)})` : sql``;
  const list = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${bucketOfSql(sql`hour`, buckets)} AS b, ${sql.join(COUNT_COLUMNS.map((c) => sql`sum(${sql.raw(c)}) AS ${sql.raw(c)}`), sql`, `)}
        FROM archive_invitee_hour
        WHERE hour >= ${split.whole.from} AND hour < ${split.whole.to} ${notCut}
        GROUP BY 1`,
  );
  addRows(list, counts, bins);
}

/**
 * Counts the raw registrations of the cut hours (within `range`) into `counts` and `bins`: the
 * summary's figures computed from WITHIN_DAYS and TRADE_DELAY_BINS directly.
 */
export async function addCutHourCounts(
  db: Db,
  buckets: readonly CohortBucket[],
  range: { startTime: number; endTime: number },
  split: HourSplit,
  counts: CohortCounts[],
  bins: number[],
): Promise<void> {
  if (split.cut.length === 0) return;
  const within = (col: "dep" | "trd", k: WithinKey) =>
    sql`count(*) FILTER (WHERE ${sql.raw(col)} <= ${WITHIN_DAYS[k] * DAY_MS}) AS ${sql.raw(`${col === "dep" ? "deposited" : "traded"}_${k}`)}`;
  // bin i holds the delays above bin i−1's bound up to its own (the last is open)
  const bin = (i: number) => {
    const lo = i > 0 ? TRADE_DELAY_BINS[i - 1] : null;
    const hi = TRADE_DELAY_BINS[i];
    const conds = [lo !== null ? sql`trd > ${lo * HOUR_MS}` : sql`trd IS NOT NULL`, hi !== null ? sql`trd <= ${hi * HOUR_MS}` : undefined].filter((c) => c !== undefined);
    return sql`count(*) FILTER (WHERE ${sql.join(conds, sql` AND `)}) AS ${sql.raw(BIN_COLUMNS[i])}`;
  };
  // one short index range per cut hour
  const hours = msArraySql(split.cut);
  const list = await rows<Record<string, unknown>>(
    db,
    sql`WITH i AS (
          SELECT ${bucketOfSql(sql`register_time`, buckets)} AS b, kyc_result,
                 first_deposit - register_time AS dep, first_trade - register_time AS trd
          FROM unnest(${hours}) AS h(hour)
          JOIN archive_invitee ON register_time >= h.hour AND register_time < h.hour + ${HOUR_MS}
          WHERE register_time BETWEEN ${range.startTime} AND ${range.endTime})
        SELECT b, count(*) AS registered, count(*) FILTER (WHERE kyc_result) AS kyc_passed, count(dep) AS deposited, count(trd) AS traded,
               ${sql.join(WITHIN_KEYS.flatMap((k) => [within("dep", k), within("trd", k)]), sql`, `)},
               ${sql.join(TRADE_DELAY_BINS.map((_, i) => bin(i)), sql`, `)}
        FROM i GROUP BY b`,
  );
  addRows(list, counts, bins);
}

/** Adds rows of COUNT_COLUMNS per bucket `b`. */
function addRows(list: Record<string, unknown>[], counts: CohortCounts[], bins: number[]): void {
  for (const r of list) {
    const i = Number(r.b);
    if (!(i >= 0 && i < counts.length)) continue;
    const c = counts[i];
    c.registered += Number(r.registered);
    c.kycPassed += Number(r.kyc_passed);
    c.deposited += Number(r.deposited);
    c.traded += Number(r.traded);
    for (const k of WITHIN_KEYS) {
      c.depositedWithin[k] += Number(r[`deposited_${k}`]);
      c.tradedWithin[k] += Number(r[`traded_${k}`]);
    }
    BIN_COLUMNS.forEach((name, b) => (bins[b] += Number(r[name])));
  }
}
