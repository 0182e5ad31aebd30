import { periodsOfUrl } from "@/lib/ui/period";
import { definePage, type SearchParams } from "../define-page";
import { ServerPrefetch } from "../server-prefetch";
import { overviewQueries } from "./query-options";
import { loadPeriodSearch } from "./search-params.server";
import { OverviewView } from "./view";

/** The overview's answers for the URL being rendered, as the view will ask for them (same keys: periodsOfUrl, overviewQueries). */
function overviewPrefetch(searchParams: SearchParams) {
  const state = loadPeriodSearch(searchParams);
  const now = Date.now();
  const { tz, period, comparison } = periodsOfUrl(state, now);
  return overviewQueries(period, comparison.period, state.granularity, tz, now);
}

const { generateMetadata, Page } = definePage("overview", ({ searchParams }) => (
  <ServerPrefetch routes={overviewPrefetch(searchParams)}>
    <OverviewView />
  </ServerPrefetch>
));
export { generateMetadata };
export default Page;
