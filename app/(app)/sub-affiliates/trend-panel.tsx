"use client";

import { useTranslations } from "next-intl";
import { parseAsStringLiteral, useQueryState } from "nuqs";
import { FreshnessNote } from "@/components/archive/freshness-note";
import { isPartial, refetchWhilePartial } from "@/components/archive/pending";
import { WarningsNote } from "@/components/archive/warnings-note";
import { SeriesItemsChart } from "@/components/charts";
import { seriesQuery } from "@/components/charts/query-options";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorBanner } from "@/components/ui/error-banner";
import { KpiCard } from "@/components/ui/kpi-card";
import { Section } from "@/components/ui/page-header";
import { ChartSkeleton } from "@/components/ui/skeleton";
import { buttonSecondary, focusRing } from "@/components/ui/styles";
import { useRouteQuery } from "@/components/ui/use-api-query";
import type { Granularity, ProductType } from "@/lib/contract/params";
import { sharedFilter } from "@/lib/ui/share-mode";
import { useFormat } from "@/components/i18n/use-format";
import type { Period } from "@/lib/ui/period";
import { METRIC_COIN, METRICS } from "@/lib/ui/metrics";

const metricParser = parseAsStringLiteral(METRICS).withDefault("tradingVolume");

/**
 * One sub-affiliate over the period: the chosen metric per bucket, SPOT and FUTURES stacked,
 * and its total against the comparison period (`compare` in the URL, as on the overview).
 */
export function TrendPanel({
  uid,
  period,
  previous,
  against,
  tz,
  granularity,
  onClose,
}: {
  uid: string;
  period: Period;
  previous: Period;
  against: string;
  tz: string;
  granularity: Granularity;
  onClose?: () => void;
}) {
  const t = useTranslations("subAffiliates.trend");
  const metrics = useTranslations("subAffiliates.metrics");
  const f = useFormat();
  const [metric, setMetric] = useQueryState("metric", metricParser);
  // During the first backfill the series holds what the history has so far and is asked again
  // until it is whole (components/archive/pending.ts); a partial total is compared with nothing.
  // (a shared view whose link fixes the product type shows that one: the server refuses both)
  const productType = sharedFilter("productType") as ProductType | undefined;
  const q = useRouteQuery(seriesQuery(period, granularity, tz, uid, productType), { refetchInterval: refetchWhilePartial });
  // The comparison only feeds a total: monthly buckets keep the response small.
  const prev = useRouteQuery(seriesQuery(previous, "month", tz, uid, productType), { enabled: !q.isPending, refetchInterval: refetchWhilePartial });
  const partial = isPartial(q.data);
  const prevPartial = isPartial(prev.data);
  // (the route's exact totals of the range)
  const prevTotals = prev.data?.totals ?? null;
  return (
    <div className="mb-6">
      <Section
        id="trend"
        title={t("title", { uid })}
        description={t("description", { metric: metrics(metric), granularity, from: period.from, to: period.to, tz })}
        actions={
          onClose ? (
            <button type="button" className={buttonSecondary} onClick={onClose}>
              {t("close")}
            </button>
          ) : null
        }
      >
        <fieldset className="mb-3">
          <legend className="sr-only">{t("metric")}</legend>
          <div className="inline-flex flex-wrap gap-1 rounded-md bg-slate-100 p-1 dark:bg-slate-800">
            {METRICS.map((m) => (
              <label key={m} className={`cursor-pointer rounded px-3 py-1 text-sm has-[:checked]:bg-white has-[:checked]:font-semibold has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-600 dark:has-[:checked]:bg-slate-950`}>
                <input type="radio" name="trend-metric" value={m} checked={metric === m} onChange={() => void setMetric(m)} className={`sr-only ${focusRing}`} />
                {metrics(m)}
              </label>
            ))}
          </div>
        </fieldset>
        {q.isError ? (
          <ErrorBanner error={q.error} onRetry={() => void q.refetch()} title={t("failed")} />
        ) : q.isPending ? (
          <ChartSkeleton />
        ) : q.data.items.length === 0 && partial ? (
          <>
            <EmptyState title={t("notLoaded.title")}>{t("notLoaded.body")}</EmptyState>
            <FreshnessNote freshness={q.data.freshness} />
          </>
        ) : q.data.items.length === 0 ? (
          <EmptyState title={t("empty.title")}>{t("empty.body", { uid, from: period.from, to: period.to })}</EmptyState>
        ) : (
          <>
            <p className="mb-2 text-sm" aria-live="polite">
              {t.rich("total", {
                metric: metric,
                total: f.decimal(q.data.totals[metric].total),
                spot: f.decimal(q.data.totals[metric].SPOT),
                futures: f.decimal(q.data.totals[metric].FUTURES),
                b: (c) => <span className="font-semibold tabular-nums">{c}</span>,
              })}
            </p>
            <dl className="mb-3 max-w-md">
              <KpiCard
                label={t("versus", { metric: metrics(metric) })}
                coin={METRIC_COIN}
                current={q.data.totals[metric].total}
                previous={prevTotals && !partial && !prevPartial ? prevTotals[metric].total : null}
                against={against}
                comparing={prev.isPending}
                note={prev.isError ? t("comparisonFailed") : partial ? t("partial") : prevPartial ? t("previousPartial", { against }) : undefined}
                testId="trend-compare"
              />
            </dl>
            <SeriesItemsChart items={q.data.items} metric={metric} title={t("chartTitle", { metric: metrics(metric), uid })} height={280} granularity={granularity} />
            <FreshnessNote freshness={q.data.freshness} />
            <WarningsNote warnings={q.data.warnings} />
          </>
        )}
      </Section>
    </div>
  );
}
