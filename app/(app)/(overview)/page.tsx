import { mayOpen } from "@/lib/contract/roles";
import { periodsOfUrl } from "@/lib/ui/period";
import { PAGES } from "../pages";
import { definePage, type SearchParams } from "../define-page";
import { ServerPrefetch } from "../server-prefetch";
import { overviewQueries } from "./query-options";
import { loadPeriodSearch } from "./search-params.server";
import { OverviewView } from "./view";

/** The overview's answers for the URL being rendered, as the view will ask for them (same keys: periodsOfUrl, overviewQueries). */
function overviewPrefetch(searchParams: SearchParams, withInvitees: boolean) {
  const state = loadPeriodSearch(searchParams);
  const now = Date.now();
  const { tz, period, comparison } = periodsOfUrl(state, now);
  return overviewQueries(period, comparison.period, state.granularity, tz, now, withInvitees);
}

// (a partner without invite codes: no invitees in their view, so no funnel)
const { generateMetadata, Page } = definePage("overview", ({ user, searchParams }) => {
  const withInvitees = mayOpen(user, PAGES.invitees);
  return (
    <ServerPrefetch routes={overviewPrefetch(searchParams, withInvitees)}>
      <OverviewView withInvitees={withInvitees} />
    </ServerPrefetch>
  );
});
export { generateMetadata };
export default Page;
