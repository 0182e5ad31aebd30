/**
 * The affiliate aggregates and exports (app/api/affiliate/**) in one shape: viewer role, the contract's query of
 * the route (lib/contract/queries.ts, `source` included), the sources that `source` selects,
 * and how the answer says where its data came from: `freshness` and `warnings` in a JSON
 * answer, `X-Data-Source` / `X-Data-Synced-At` on a CSV download (whose file holds every record
 * WEEX sent, the unusable ones too, values as received). The three lists (invitees,
 * sub-affiliates, withdrawals) call `route()` in their route files with their handler beside
 * the query, so a list parameter goes from the route's parsing through its route file straight
 * on to lib/archive/sources.ts; they answer through `withProvenance` like the rest.
 *
 * Each names what a partner may do there (`partners`, lib/server/identity/partner-access.ts): the
 * sources are then the partner's scope's (`affiliateSources(source, scope)`), so every list,
 * total, series, leaderboard and file holds its rows only.
 *
 * A route whose upstream answers only a bounded window (the sub-affiliate routes) names its
 * rule (`window`): the filter's open ends are chosen before anything is read, and the answer
 * says which range it covers — `window` in JSON, X-Data-Window-* headers on a download.
 */
import "server-only";
import type { NextRequest } from "next/server";
import type { ReadWindow } from "@/lib/contract/params";
import { QUERIES, type QueryOutput } from "@/lib/contract/queries";
import { affiliateSources, withProvenance } from "@/lib/server/services/archive";
import { withFreshnessHeaders } from "@/lib/archive/freshness";
import type { SelectedSources } from "@/lib/archive/sources";
import type { CsvColumn } from "@/lib/export/csv";
import { exportResponse } from "@/lib/export/server";
import { takeExportTurn } from "@/lib/server/http/export-turns";
import type { PartnerAccess } from "@/lib/server/identity/partner-access";
import { route } from "@/lib/server/http/route";

// (the invitee's assets are read live on demand: a route of their own, without `source`)
type AffiliatePath = Exclude<Extract<keyof typeof QUERIES, `/api/affiliate/${string}`>, "/api/affiliate/invitees/[uid]/assets">;
/** The route's validated query without `source` (which chose the sources). */
type Filter<P extends AffiliatePath> = Omit<QueryOutput<P>, "source">;

function affiliateRoute<P extends AffiliatePath>(path: P, partners: PartnerAccess, answer: (sources: SelectedSources, filter: Filter<P>, req: NextRequest) => Promise<unknown>) {
  // (role, query and, on the exports, the URL token: the path's contract entry)
  return route(`GET ${path}` as `GET ${AffiliatePath}`, {
    partners,
    handler: ({ input, scope, req }) => {
      const { source, ...filter } = input as QueryOutput<P>;
      return answer(affiliateSources(source, scope), filter as Filter<P>, req);
    },
  });
}

/** How a route bounds its range (e.g. params.ts `subAffiliateWindow`): the window it reads, open ends chosen. */
type WindowRule = (range: { startTime?: number; endTime?: number }, now: number) => ReadWindow;

/** The filter with its range bounded by `rule`, and the window to say; without a rule, the filter as it is. */
function bounded<F extends object>(filter: F, rule: WindowRule | undefined): { filter: F; window?: ReadWindow } {
  if (!rule) return { filter };
  const window = rule(filter as { startTime?: number; endTime?: number }, Date.now());
  return { filter: { ...filter, startTime: window.startTime, endTime: window.endTime }, window };
}

/** A JSON read: what `read` answers, with where it came from, what could not be used and (with a window rule) the range it covers. */
export function affiliateRead<P extends AffiliatePath>(path: P, read: (sources: SelectedSources, filter: Filter<P>, signal: AbortSignal) => Promise<object>, opts: { partners: PartnerAccess; window?: WindowRule }) {
  return affiliateRoute(path, opts.partners, async (sources, raw, req) => {
    const { filter, window } = bounded(raw, opts.window);
    const answer = await read(sources, filter, req.signal);
    return withProvenance(sources, window ? { ...answer, window } : answer);
  });
}

/**
 * A CSV download of every record of the filter (with a window rule: of the bounded filter, the
 * window in X-Data-Window-* headers). Also for a token made for URLs, as ?access_token= (a
 * spreadsheet's IMPORTDATA sends no headers: lib/server/identity/credentials.ts).
 */
export function affiliateExport<P extends AffiliatePath, T>(
  path: P,
  file: {
    filename: (filter: Filter<P>) => string;
    columns: readonly CsvColumn<T>[];
    records: (sources: SelectedSources, filter: Filter<P>, signal: AbortSignal) => AsyncIterable<T[]>;
    window?: WindowRule;
    /** what a partner may do here (lib/server/identity/partner-access.ts) */
    partners: PartnerAccess;
  },
) {
  return affiliateRoute(path, file.partners, async (sources, raw, req) => {
    const { filter, window } = bounded(raw, file.window);
    // one export walk in flight per person (429 for a second): given back when the download is over
    const giveBack = takeExportTurn();
    try {
      const res = await exportResponse(req, {
        filename: file.filename(filter),
        columns: file.columns,
        rows: (signal) => sources.withRejected(file.records(sources, filter, signal)),
        onSettled: giveBack,
      });
      return withWindowHeaders(withFreshnessHeaders(res, sources.freshness()), window);
    } catch (e) {
      giveBack();
      throw e;
    }
  });
}

/**
 * The range a download covers, where a file has no JSON to say it in (the header row stays the
 * records' field names, so a spreadsheet or script reads the file as before):
 *   X-Data-Window-Start / X-Data-Window-End: inclusive epoch ms
 *   X-Data-Window-Chosen: true when the dashboard chose a bound the request left open
 * The file name names the window's UTC dates as well.
 */
function withWindowHeaders(res: Response, window: ReadWindow | undefined): Response {
  if (!window) return res;
  res.headers.set("X-Data-Window-Start", String(window.startTime));
  res.headers.set("X-Data-Window-End", String(window.endTime));
  res.headers.set("X-Data-Window-Chosen", String(window.chosen));
  return res;
}
