/**
 * What the alerts page asks the API: what fired, the rules, destinations, report schedules and
 * the delivery log. The alerts routes keep their answers' types in lib/contract/alerts.ts (not
 * in the route table's response schemas), so each query names its answer type here.
 */
import { queryOptions } from "@tanstack/react-query";
import type { DeliveryView, DestinationView, EpisodeView, RuleView, ScheduleView } from "@/lib/contract/alerts";
import type { ListPage } from "@/lib/contract/responses";
import { apiGet, type QueryParams } from "@/lib/ui/api";

export const ALERT_PATHS = {
  history: "/api/alerts",
  rules: "/api/alerts/rules",
  destinations: "/api/alerts/destinations",
  schedules: "/api/alerts/schedules",
  deliveries: "/api/alerts/deliveries",
  read: "/api/alerts/read",
} as const;

/** Every alerts query's key starts with its path: a change refreshes them all by that prefix. */
export const isAlertsQuery = (key: readonly unknown[]) => String(key[0]).startsWith("/api/alerts");

function alertQuery<T>(path: string, params: QueryParams) {
  return queryOptions({ queryKey: [path, params] as const, queryFn: ({ signal }) => apiGet<T>(path, params, signal) });
}

export const historyQuery = () => alertQuery<ListPage<EpisodeView>>(ALERT_PATHS.history, { pageSize: 100 });
export const rulesQuery = () => alertQuery<{ items: RuleView[] }>(ALERT_PATHS.rules, {});
export const destinationsQuery = () => alertQuery<{ items: DestinationView[] }>(ALERT_PATHS.destinations, {});
export const schedulesQuery = () => alertQuery<{ items: ScheduleView[] }>(ALERT_PATHS.schedules, {});
export const deliveriesQuery = () => alertQuery<ListPage<DeliveryView>>(ALERT_PATHS.deliveries, { pageSize: 50 });
