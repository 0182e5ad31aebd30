"use client";

import { useTranslations } from "next-intl";
import { memo } from "react";
import { FreshnessNote } from "@/components/archive/freshness-note";
import { isPartial, refetchWhilePartial } from "@/components/archive/pending";
import { Amount } from "@/components/ui/amount";
import { CopyableId } from "@/components/ui/copyable-id";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorBanner } from "@/components/ui/error-banner";
import { TableSkeleton } from "@/components/ui/skeleton";
import { useRouteQuery } from "@/components/ui/use-api-query";
import { leaderboardQuery, OVERVIEW_STALE_MS } from "./query-options";
import type { Period } from "@/lib/ui/period";
import { METRIC_COIN } from "@/lib/ui/metrics";

const RANK = "sticky left-0 z-[1] w-8 min-w-8 bg-white dark:bg-slate-900";
const ID = "sticky left-8 z-[1] bg-white dark:bg-slate-900";

/**
 * Top ten sub-affiliates of the period by one measure (sums computed by the server in decimals).
 * Memoised (like the KPI cards): the overview re-renders each time one of its queries moves,
 * and a table that has not changed should not be rendered again on a phone's main thread.
 */
export const Leaderboard = memo(function Leaderboard({ by, period, enabled = true }: { by: "commission" | "volume"; period: Period; enabled?: boolean }) {
  const t = useTranslations("overview.leaderboard");
  const q = useRouteQuery(leaderboardQuery(period, by), { enabled, refetchInterval: refetchWhilePartial, staleTime: OVERVIEW_STALE_MS });
  const title = t(`title.${by}`);
  if (q.isPending) return <TableSkeleton rows={5} columns={4} label={t("loading", { title })} />;
  if (q.isError) return <ErrorBanner error={q.error} onRetry={() => void q.refetch()} title={t("failed", { title })} />;
  if (!q.data.items.length && isPartial(q.data))
    return (
      <>
        <EmptyState title={t("notLoaded.title")}>{t("notLoaded.body")}</EmptyState>
        <FreshnessNote freshness={q.data.freshness} />
      </>
    );
  if (!q.data.items.length) return <EmptyState title={t("empty.title")}>{t("empty.body")}</EmptyState>;
  // On a phone the table may be wider than its card (full ids, long amounts): it scrolls in its
  // region, and the rank and the id stay in view (sticky, on the card's background).
  return (
    <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={title}>
      <table className="min-w-full text-sm" data-testid={`leaderboard-${by}`}>
        <caption className="sr-only">{t("caption", { title, from: period.from, to: period.to })}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left dark:border-slate-700">
            <th scope="col" className={`${RANK} py-2 pr-2`}>#</th>
            <th scope="col" className={`${ID} py-2 pr-2`}>{t("uid")}</th>
            <th scope="col" className={`py-2 pr-2 text-right ${by === "volume" ? "" : "hidden sm:table-cell"}`}>{t("volume")}</th>
            <th scope="col" className={`py-2 text-right ${by === "commission" ? "" : "hidden sm:table-cell"}`}>{t("commission")}</th>
          </tr>
        </thead>
        <tbody>
          {q.data.items.map((item, i) => (
            <tr key={item.subAffiliateUid} className="border-b border-slate-100 dark:border-slate-800">
              <td className={`${RANK} py-2 pr-2 tabular-nums`}>{i + 1}</td>
              <td className={`${ID} py-2 pr-2`}>
                <CopyableId value={item.subAffiliateUid} label={t("uidLabel")} />
              </td>
              <td className={`py-2 pr-2 text-right ${by === "volume" ? "font-semibold" : "hidden sm:table-cell"}`}>
                <Amount value={item.tradingVolume} coin={METRIC_COIN} />
              </td>
              <td className={`py-2 text-right ${by === "commission" ? "font-semibold" : "hidden sm:table-cell"}`}>
                <Amount value={item.paidCommission} coin={METRIC_COIN} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <FreshnessNote freshness={q.data.freshness} />
    </div>
  );
});
