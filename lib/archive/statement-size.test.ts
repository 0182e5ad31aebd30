/**
 * Every statement the series and cohorts build has the same size whatever the range and the
 * zone: the bucket bounds and the hours a :30 or :45 midnight cuts are one array parameter
 * each, never one parameter (or one sub-query) per element. Recorded from the builders through
 * a database that only records what it is asked (no rows), over one day and over the longest
 * range any source allows, in zones whose midnights are off the hour.
 */
import { describe, expect, it } from "vitest";
import { PgDialect } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import { cohortBuckets } from "@/lib/affiliate/cohorts";
import { seriesBuckets } from "@/lib/affiliate/value";
import { AnswerTooLargeError, MAX_ANSWER_BUCKETS } from "@/lib/contract/answer-limits";

import { cohortValues } from "./cohort-value";
import { archiveCohorts } from "./cohorts-query";
import { archiveCells } from "./commission-series";
import type { Db } from "./db";
import type { SelectedSources } from "./sources";
import { DAY_MS } from "@/lib/time/calendar";

interface Seen {
  params: number;
  /** the statement's text, less its parameters */
  chars: number;
  /** the parameters' text */
  paramChars: number;
}

/** A database that records each statement's size and answers no rows. */
function recorder(): { db: Db; seen: Seen[] } {
  const dialect = new PgDialect();
  const seen: Seen[] = [];
  const db = {
    execute: async (q: SQL) => {
      const { sql, params } = dialect.sqlToQuery(q);
      seen.push({ params: params.length, chars: sql.length, paramChars: params.reduce<number>((n, p) => n + String(p).length, 0) });
      return { rows: [] };
    },
  } as unknown as Db;
  return { db, seen };
}

/** Every statement of the series (network, filtered, a partner's), the cohorts and the cohorts' value for one range. */
async function statements(startTime: number, endTime: number, tz: string): Promise<Seen[]> {
  const { db, seen } = recorder();
  const days = seriesBuckets(startTime, endTime, "day", tz);
  const range = { startTime, endTime };
  await archiveCells(db, days, range);
  await archiveCells(db, days, { ...range, coin: "USDT", productType: "SPOT", sourceType: 1 });
  await archiveCells(db, days, { ...range, symbol: "BTCUSDT" });
  await archiveCells(db, days, { ...range, scope: { subAffiliateUids: [], inviteCodes: ["A1"] } });
  for (const by of ["week", "month"] as const) {
    const buckets = cohortBuckets(startTime, endTime, by, tz);
    await archiveCohorts(db, buckets, range, endTime);
    const sources = { across: (run: (io: unknown) => Promise<unknown>) => run({ source: "archive", db: async () => db, scope: undefined }) } as unknown as SelectedSources;
    await cohortValues(sources, buckets, range, buckets.map(() => 1), endTime, undefined);
  }
  return seen;
}

const END = Date.UTC(2026, 10, 1, 6, 15) - 1;
const LONGEST = 5 * 366 * DAY_MS;

describe("the series' and cohorts' statements", () => {
  for (const tz of ["Asia/Kolkata", "Asia/Kathmandu", "Pacific/Chatham", "UTC"]) {
    it(`have the same parameters and text over a day and over five years in ${tz}`, async () => {
      const day = await statements(END - DAY_MS + 1, END, tz);
      const years = await statements(END - LONGEST + 1, END, tz);
      expect(years.map((s) => s.params)).toEqual(day.map((s) => s.params));
      expect(years.map((s) => s.chars)).toEqual(day.map((s) => s.chars));
      for (const s of years) {
        expect(s.params).toBeLessThanOrEqual(24);
        expect(s.chars).toBeLessThanOrEqual(4_000);
        // the bounds' and cut hours' arrays: at most a few of MAX_ANSWER_BUCKETS epoch ms each
        expect(s.paramChars).toBeLessThanOrEqual(4 * (MAX_ANSWER_BUCKETS + 1) * 15);
      }
    });
  }
});

describe("an answer too large to build", () => {
  it("is refused before a bucket list past MAX_ANSWER_BUCKETS is made, naming startTime", () => {
    expect(seriesBuckets(END - LONGEST + 1, END, "day", "Asia/Kathmandu").length).toBeLessThanOrEqual(MAX_ANSWER_BUCKETS);
    for (const build of [() => seriesBuckets(0, 8_640_000_000_000_000, "day", "Asia/Kolkata"), () => cohortBuckets(0, 8_640_000_000_000_000, "week", "Asia/Kolkata")]) {
      let err: unknown;
      try {
        build();
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(AnswerTooLargeError);
      expect((err as AnswerTooLargeError).field).toBe("startTime");
    }
  });
});
