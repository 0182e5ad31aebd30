/**
 * GET /api/affiliate/commissions: one page of commission records, newest first
 * (then uid descending), both product types together unless one is named. WEEX answers one
 * product type per query and cannot filter by `symbol` or `sourceType`, so:
 *
 * - with `source=live`, one product type and neither of those filters, the page is WEEX's own
 *   page (one request);
 * - otherwise the page is cut from the parts as every list is (list-page.ts): the archive's
 *   part filtered and paged in SQL, a live part read whole (both product types, filtered here,
 *   merged newest first). A live part is short: the stretch since the last sync in `auto`
 *   (while the first backfill runs, what is not held yet is listed in `freshness.pending`
 *   rather than walked live), at most LIVE_COMMISSION_MAX_DAYS with `live`.
 *
 * A partner's page holds the records of their invite codes' invitees only
 * (scope-invitees.ts), so it is always cut from the parts.
 */
import { sql } from "drizzle-orm";
import type { CommissionFilter } from "@/lib/affiliate/rebate-pages";
import type { CommissionRecord } from "@/lib/weex/records";
import type { WeexPage } from "@/lib/weex/paging";
import { rows } from "./db";
import { pageAcrossParts } from "./read";
import type { SelectedSources } from "./sources";
import { COMMISSION_COLUMNS, COMMISSION_ORDER, commissionConds, commissionRecord } from "./value-read";

export type CommissionListInput = CommissionFilter & { page: number; pageSize: number };

/** Newest first, then uid descending (longer ids are larger numbers), as the archive orders them. */
export function newestCommissionFirst(a: CommissionRecord, b: CommissionRecord): number {
  return b.date - a.date || b.uid.length - a.uid.length || (a.uid < b.uid ? 1 : a.uid > b.uid ? -1 : 0);
}

export function commissionPage(sources: SelectedSources, source: string, input: CommissionListInput, signal?: AbortSignal): Promise<WeexPage<CommissionRecord>> {
  const { page, pageSize, ...filter } = input;
  // (not a partner's: WEEX's page holds everyone's invitees)
  if (source === "live" && !sources.scope && filter.productType !== undefined && filter.symbol === undefined && filter.sourceType === undefined) {
    return sources.list("commissions", { ...input }, signal) as Promise<WeexPage<CommissionRecord>>;
  }
  return sources.across(async (io) => {
    const parts = await io.parts("commissions", filter, true);
    return pageAcrossParts(parts, page, pageSize, async (p, skip, want) => {
      // (a partner's: the archive's rows and the live records of the scope's invitees only)
      const f = { ...filter, scope: io.scope, startTime: p.startTime, endTime: p.endTime };
      if (p.from === "live") {
        const got: CommissionRecord[] = [];
        for await (const batch of io.live("commissions", f)) got.push(...batch);
        got.sort(newestCommissionFirst);
        return { items: got.slice(skip, skip + want), total: got.length };
      }
      const db = await io.db();
      const [{ n }] = await rows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM archive_commission WHERE ${commissionConds(f)}`);
      const total = Number(n);
      if (want <= 0 || skip >= total) return { items: [], total };
      const list = await rows<Parameters<typeof commissionRecord>[0]>(
        db,
        sql`SELECT ${COMMISSION_COLUMNS} FROM archive_commission WHERE ${commissionConds(f)} ORDER BY ${COMMISSION_ORDER} LIMIT ${want} OFFSET ${skip}`,
      );
      return { items: list.map(commissionRecord), total };
    });
  }, signal);
}
