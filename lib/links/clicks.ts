/**
 * The clicks' rows: one per (link, visitor key, 15-minute bucket) with its clicks and bots,
 * added to by every instance (INSERT … ON CONFLICT adds the counts: each click is counted once
 * whichever instance served it); a day's rollup per link, kept for ever; and the sums a range
 * of a link's clicks reads. Click rows older than the retention are rolled up and then deleted.
 */
import { and, gte, inArray, lt, sql } from "drizzle-orm";
import { rows, type Db } from "@/lib/archive/db";
import { archiveInvitee } from "@/lib/db/schema/archive";
import { linkClick, linkClickDay } from "@/lib/db/schema/links";
import { DAY_MS, utcDayStart } from "@/lib/time/calendar";

export interface ClickCount {
  linkId: number;
  bucketAt: number;
  visitor: string;
  clicks: number;
  bots: number;
  referrerHost: string | null;
  device: string | null;
  browser: string | null;
  os: string | null;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters (9 each). */
const CHUNK = 1000;

/** Add the counts to their rows (made when new): one statement per 1,000 rows. */
export async function addClicks(db: Db, counts: readonly ClickCount[]): Promise<void> {
  for (let i = 0; i < counts.length; i += CHUNK) {
    await db
      .insert(linkClick)
      .values(counts.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: [linkClick.linkId, linkClick.bucketAt, linkClick.visitor],
        set: {
          clicks: sql`${linkClick.clicks} + excluded.clicks`,
          bots: sql`${linkClick.bots} + excluded.bots`,
          // (the first referrer of the bucket stays; a later one fills it only when there was none)
          referrerHost: sql`coalesce(${linkClick.referrerHost}, excluded.referrer_host)`,
        },
      });
  }
}

/** The days in [fromDay, toDay) counted again from their click rows, as the rollups. */
export async function rollUpDays(db: Db, fromDay: number, toDay: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO link_click_day (link_id, day_at, clicks, bots, visitors)
    SELECT link_id, bucket_at - bucket_at % ${DAY_MS}, sum(clicks), sum(bots), count(DISTINCT visitor) FILTER (WHERE clicks > 0)
    FROM link_click WHERE bucket_at >= ${fromDay} AND bucket_at < ${toDay}
    GROUP BY 1, 2
    ON CONFLICT (link_id, day_at) DO UPDATE SET clicks = excluded.clicks, bots = excluded.bots, visitors = excluded.visitors`);
}

/** The day from which click rows are kept: `retentionDays` whole UTC days before today's. */
export const keptFrom = (now: number, retentionDays: number): number => utcDayStart(now) - retentionDays * DAY_MS;

/** Roll up the click rows older than the retention and delete them; how many were deleted. */
export async function pruneClicks(db: Db, now: number, retentionDays: number): Promise<number> {
  const cutoff = keptFrom(now, retentionDays);
  return db.transaction(async (tx) => {
    await rollUpDays(tx as unknown as Db, 0, cutoff);
    const [gone] = await rows<{ n: unknown }>(tx, sql`WITH gone AS (DELETE FROM link_click WHERE bucket_at < ${cutoff} RETURNING 1) SELECT count(*) AS n FROM gone`);
    return Number(gone?.n ?? 0);
  });
}

export interface ClickTotals {
  clicks: number;
  bots: number;
  /** distinct visitor keys with a human click; keys change daily, so a range of days adds its days' */
  visitors: number;
}

const ZERO: ClickTotals = { clicks: 0, bots: 0, visitors: 0 };

/**
 * Each link's totals over [from, to): from the click rows where they are kept, from the day
 * rollups (whole UTC days) before that.
 */
export async function clickTotals(db: Db, linkIds: readonly number[], range: { from: number; to: number }, keptSince: number): Promise<Map<number, ClickTotals>> {
  const out = new Map<number, ClickTotals>(linkIds.map((id) => [id, { ...ZERO }]));
  if (linkIds.length === 0) return out;
  const add = (rows: { linkId: number; clicks: unknown; bots: unknown; visitors: unknown }[]) => {
    for (const r of rows) {
      const t = out.get(Number(r.linkId))!;
      t.clicks += Number(r.clicks);
      t.bots += Number(r.bots);
      t.visitors += Number(r.visitors);
    }
  };
  const from = Math.max(range.from, keptSince);
  if (from < range.to) {
    add(
      await db
        .select({ linkId: linkClick.linkId, clicks: sql`sum(${linkClick.clicks})`, bots: sql`sum(${linkClick.bots})`, visitors: sql`count(DISTINCT ${linkClick.visitor}) FILTER (WHERE ${linkClick.clicks} > 0)` })
        .from(linkClick)
        .where(and(inArray(linkClick.linkId, [...linkIds]), gte(linkClick.bucketAt, from), lt(linkClick.bucketAt, range.to)))
        .groupBy(linkClick.linkId),
    );
  }
  const daysTo = Math.min(range.to, keptSince);
  if (range.from < daysTo) {
    add(
      await db
        .select({ linkId: linkClickDay.linkId, clicks: sql`sum(${linkClickDay.clicks})`, bots: sql`sum(${linkClickDay.bots})`, visitors: sql`sum(${linkClickDay.visitors})` })
        .from(linkClickDay)
        .where(and(inArray(linkClickDay.linkId, [...linkIds]), gte(linkClickDay.dayAt, utcDayStart(range.from)), lt(linkClickDay.dayAt, daysTo)))
        .groupBy(linkClickDay.linkId),
    );
  }
  return out;
}

/** Registrations per invite code over [from, to), from the invitee archive. */
export async function registrations(db: Db, inviteCodes: readonly string[], range: { from: number; to: number }): Promise<Map<string, number>> {
  const out = new Map<string, number>(inviteCodes.map((c) => [c, 0]));
  if (inviteCodes.length === 0) return out;
  const rows = await db
    .select({ code: archiveInvitee.inviteCode, n: sql`count(*)` })
    .from(archiveInvitee)
    .where(and(inArray(archiveInvitee.inviteCode, [...new Set(inviteCodes)]), gte(archiveInvitee.registerTime, range.from), lt(archiveInvitee.registerTime, range.to)))
    .groupBy(archiveInvitee.inviteCode);
  for (const r of rows) out.set(r.code!, Number(r.n));
  return out;
}
