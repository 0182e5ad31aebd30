"use client";

import { useTranslations } from "next-intl";
import { memo } from "react";
import { FreshnessNote } from "@/components/archive/freshness-note";
import { isPartial, refetchWhilePartial } from "@/components/archive/pending";
import { WarningsNote } from "@/components/archive/warnings-note";
import { Amount } from "@/components/ui/amount";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorBanner } from "@/components/ui/error-banner";
import { TableSkeleton } from "@/components/ui/skeleton";
import { useRouteQuery } from "@/components/ui/use-api-query";
import type { SourceType } from "@/lib/contract/params";
import { coinsIn } from "@/lib/ui/invitee-value";
import type { Period } from "@/lib/ui/period";
import { commissionSplitQuery, OVERVIEW_STALE_MS } from "./query-options";

/** WEEX's sourceType of a commission record: 1 a direct client, 2 a client of a sub-agent. */
const SOURCES: readonly SourceType[] = [1, 2];

/**
 * The period's commission per coin, split into what direct clients and what
 * sub-agents' clients brought: the server's exact sums per coin and source type (nothing is
 * added here, and never across coins). Memoised like the other overview parts.
 */
export const CommissionSplit = memo(function CommissionSplit({ period, tz, enabled = true }: { period: Period; tz: string; enabled?: boolean }) {
  const t = useTranslations("overview.commission");
  const q = useRouteQuery(commissionSplitQuery(period, tz), { enabled, refetchInterval: refetchWhilePartial, staleTime: OVERVIEW_STALE_MS });
  if (q.isPending) return <TableSkeleton rows={2} columns={4} label={t("loading")} />;
  if (q.isError) return <ErrorBanner error={q.error} onRetry={() => void q.refetch()} title={t("failed")} />;
  const { totals } = q.data;
  const coins = coinsIn([totals.commission]);
  if (!coins.length)
    return (
      <>
        {isPartial(q.data) ? <EmptyState title={t("notLoaded")} /> : <EmptyState title={t("empty", { from: period.from, to: period.to })} />}
        <FreshnessNote freshness={q.data.freshness} />
      </>
    );
  return (
    <>
      <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={t("label")}>
        <table className="min-w-full text-sm" data-testid="commission-split">
          <caption className="sr-only">{t("caption", { from: period.from, to: period.to })}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left dark:border-slate-700">
              <th scope="col" className="py-2 pr-2">{t("coin")}</th>
              <th scope="col" className="py-2 pr-2 text-right">{t("total")}</th>
              {SOURCES.map((s) => (
                <th key={s} scope="col" className="py-2 pr-2 text-right last:pr-0">{t(`source.${s}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {coins.map((coin) => (
              <tr key={coin} className="border-b border-slate-100 dark:border-slate-800" data-coin={coin}>
                <th scope="row" className="py-2 pr-2 text-left font-medium">{coin}</th>
                <td className="py-2 pr-2 text-right font-semibold">
                  <Amount value={totals.commission[coin]} coin={coin} />
                </td>
                {SOURCES.map((s) => (
                  <td key={s} className="py-2 pr-2 text-right last:pr-0">
                    <Amount value={totals.bySourceType[String(s)]?.[coin] ?? "0"} coin={coin} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FreshnessNote freshness={q.data.freshness} />
      <WarningsNote warnings={q.data.warnings} />
    </>
  );
});
