/**
 * The affiliate aggregates and exports (app/api/affiliate/**) in one shape: viewer role, the contract's query of
 * the route (lib/contract/queries.ts, `source` included), the sources that `source` selects,
 * and how the answer says where its data came from: `freshness` and `warnings` in a JSON
 * answer, `X-Data-Source` / `X-Data-Synced-At` on a CSV download (whose file holds every record
 * WEEX sent, the unusable ones too, values as received). The three lists (invitees,
 * sub-affiliates, withdrawals) call `route()` in their route files with their handler beside
 * the query, so a list parameter goes from the route's parsing through its route file straight
 * on to lib/archive/sources.ts; they answer through `withProvenance` like the rest.
 */
import "server-only";
import type { NextRequest } from "next/server";
import { QUERIES, type QueryOutput } from "@/lib/contract/queries";
import { affiliateSources, withProvenance } from "@/lib/server/archive";
import { withFreshnessHeaders } from "@/lib/archive/freshness";
import type { SelectedSources } from "@/lib/archive/sources";
import type { CsvColumn } from "@/lib/export/csv";
import { exportResponse } from "@/lib/export/server";
import { takeExportTurn } from "@/lib/server/export-turns";
import { route } from "@/lib/server/route";

type AffiliatePath = Extract<keyof typeof QUERIES, `/api/affiliate/${string}`>;
/** The route's validated query without `source` (which chose the sources). */
type Filter<P extends AffiliatePath> = Omit<QueryOutput<P>, "source">;

function affiliateRoute<P extends AffiliatePath>(path: P, answer: (sources: SelectedSources, filter: Filter<P>, req: NextRequest) => Promise<unknown>, opts: { urlToken?: boolean } = {}) {
  return route({
    role: "viewer",
    query: QUERIES[path],
    urlToken: opts.urlToken,
    handler: ({ input, req }) => {
      const { source, ...filter } = input as QueryOutput<P>;
      return answer(affiliateSources(source), filter as Filter<P>, req);
    },
  });
}

/** A JSON read: what `read` answers, with where it came from and what could not be used. */
export function affiliateRead<P extends AffiliatePath>(path: P, read: (sources: SelectedSources, filter: Filter<P>, signal: AbortSignal) => Promise<object>) {
  return affiliateRoute(path, async (sources, filter, req) => withProvenance(sources, await read(sources, filter, req.signal)));
}

/**
 * A CSV download of every record of the filter. Also for a token made for URLs, as
 * ?access_token= (a spreadsheet's IMPORTDATA sends no headers: lib/server/credentials.ts).
 */
export function affiliateExport<P extends AffiliatePath, T>(
  path: P,
  file: { filename: (filter: Filter<P>) => string; columns: readonly CsvColumn<T>[]; records: (sources: SelectedSources, filter: Filter<P>, signal: AbortSignal) => AsyncIterable<T[]> },
) {
  return affiliateRoute(path, async (sources, filter, req) => {
    // one export walk in flight per person (429 for a second): given back when the download is over
    const giveBack = takeExportTurn();
    try {
      const res = await exportResponse(req, {
        filename: file.filename(filter),
        columns: file.columns,
        rows: (signal) => sources.withRejected(file.records(sources, filter, signal)),
        onSettled: giveBack,
      });
      return withFreshnessHeaders(res, sources.freshness());
    } catch (e) {
      giveBack();
      throw e;
    }
  }, { urlToken: true });
}
