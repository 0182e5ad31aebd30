/**
 * GET /api/affiliate/commissions/series: commission records summed per bucket (day,
 * week from Monday or month in `tz`, by each record's own time), coin, product type and source
 * type — the overview's commission by coin, direct clients against sub-agents.
 *
 * The archive's part is summed in SQL over the very bucket bounds the pure module computes
 * (`seriesBuckets`, Intl: the database's time-zone data plays no part): from the per-hour
 * summary (migration 0150) for the whole hours, and from the raw records for the hours a
 * boundary cuts (the range's ends, the midnights of :30 and :45 zones), as the cohorts are
 * (invitee-hours.ts). Filtered by invitee or symbol (not in the summary) it reads the raw
 * records, and so does a partner's (their invite codes' invitees only,
 * scope-invitees.ts). Live parts are added record by record by the same builder.
 */
import { sql, type SQL } from "drizzle-orm";
import type { CommissionFilter } from "@/lib/affiliate/rebate-pages";
import { CommissionSeriesBuilder, seriesBuckets, type CommissionSeriesAnswer } from "@/lib/affiliate/value";
import type { Granularity } from "@/lib/contract/params";
import type { CohortBucket } from "@/lib/affiliate/cohorts";
import { rows, type Db } from "./db";
import { bucketOfSql, HOUR_MS, msArraySql, splitByHour } from "./invitee-hours";
import type { SelectedSources } from "./sources";
import { commissionConds } from "./value-read";

export interface CommissionSeriesQuery extends CommissionFilter {
  startTime: number;
  endTime: number;
  granularity: Granularity;
  tz: string;
}

export function commissionSeries(sources: SelectedSources, q: CommissionSeriesQuery, signal?: AbortSignal): Promise<CommissionSeriesAnswer> {
  const { granularity, tz, ...filter } = q;
  const buckets = seriesBuckets(q.startTime, q.endTime, granularity, tz);
  return sources.across(async (io) => {
    const builder = new CommissionSeriesBuilder(buckets);
    for (const p of await io.parts("commissions", filter, true)) {
      const range = { startTime: Math.max(p.startTime ?? q.startTime, q.startTime), endTime: Math.min(p.endTime ?? q.endTime, q.endTime) };
      if (range.startTime > range.endTime) continue;
      if (p.from === "archive") for (const cell of await archiveCells(await io.db(), buckets, { ...filter, ...range, scope: io.scope })) builder.addCell(cell);
      else for await (const batch of io.live("commissions", { ...filter, ...range })) builder.addRecords(batch);
    }
    return builder.result(granularity, tz);
  }, signal);
}

interface CellRow {
  b: unknown;
  coin: string;
  productType: string;
  sourceType: unknown;
  commission: string;
  fee: string;
  volume: string;
  records: unknown;
}

const CELL_KEYS = sql`coin, product_type AS "productType", source_type AS "sourceType"`;

/** One archive part's cells: summary hours and cut hours, or the raw records when filtered by invitee or symbol. */
export async function archiveCells(db: Db, buckets: readonly CohortBucket[], f: CommissionFilter & { startTime: number; endTime: number }) {
  const list = await rows<CellRow>(db, archiveCellsSql(buckets, f));
  return list.map((r) => ({ bucket: Number(r.b), coin: r.coin, productType: r.productType, sourceType: Number(r.sourceType), commission: r.commission, fee: r.fee, volume: r.volume, records: Number(r.records) }));
}

/**
 * The statement of `archiveCells`. Its size does not depend on the range or the zone: the
 * bucket bounds and the cut hours are one array parameter each, and the cut hours' records are
 * one join over that array (an index range per hour), not one sub-query per hour.
 */
export function archiveCellsSql(buckets: readonly CohortBucket[], f: CommissionFilter & { startTime: number; endTime: number }): SQL {
  const sums = (b: SQL) =>
    sql`SELECT ${b} AS b, ${CELL_KEYS}, coalesce(sum(commission), 0)::text AS commission, coalesce(sum(fee), 0)::text AS fee,
               coalesce(sum(coalesce(taker_amount, 0) + coalesce(maker_amount, 0)), 0)::text AS volume, count(*) AS records`;
  const raw = (conds: SQL) => sql`${sums(bucketOfSql(sql`time`, buckets))} FROM archive_commission WHERE ${conds} GROUP BY 1, coin, product_type, source_type`;
  // (the per-hour summary is the whole network's: a partner's cells are their invitees' records)
  if (f.uid !== undefined || f.symbol !== undefined || f.scope !== undefined) return raw(commissionConds(f));
  const split = splitByHour(buckets, f);
  if (split.whole.from >= split.whole.to) return raw(commissionConds(f));
  const kinds = commissionConds({ coin: f.coin, productType: f.productType, sourceType: f.sourceType });
  const summary = sql`SELECT ${bucketOfSql(sql`hour`, buckets)} AS b, ${CELL_KEYS}, sum(commission)::text AS commission, sum(fee)::text AS fee, sum(volume)::text AS volume, sum(records) AS records
        FROM archive_commission_hour
        WHERE hour >= ${split.whole.from} AND hour < ${split.whole.to} ${split.cut.length ? sql`AND hour <> ALL (${msArraySql(split.cut)})` : sql``} AND ${kinds}
        GROUP BY 1, coin, product_type, source_type`;
  if (!split.cut.length) return summary;
  const cut = sql`${sums(bucketOfSql(sql`c.time`, buckets))}
        FROM unnest(${msArraySql(split.cut)}) AS h(hour)
        JOIN archive_commission c ON c.time >= h.hour AND c.time < h.hour + ${HOUR_MS}
        WHERE ${commissionConds(f, sql`c.`)}
        GROUP BY 1, coin, product_type, source_type`;
  return sql`${summary} UNION ALL ${cut}`;
}
