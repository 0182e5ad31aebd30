"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { FreshnessNote } from "@/components/archive/freshness-note";
import { WarningsNote } from "@/components/archive/warnings-note";
import { FunnelChart, SeriesChart } from "@/components/charts";
import { PeriodControls } from "@/components/period/period-controls";
import { usePeriod } from "@/components/period/use-period";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorBanner, RateLimitNotice } from "@/components/ui/error-banner";
import { Section } from "@/components/ui/page-header";
import { ChartSkeleton } from "@/components/ui/skeleton";
import { useRouteQuery } from "@/components/ui/use-api-query";
import { funnelQuery, seriesQuery } from "@/app/(app)/query-options";
import { INVITEE_MAX_AGE_WITH_GRACE_MS } from "@/lib/contract/params";
import { chartRows, METRICS, seriesTotals } from "@/lib/ui/series";
import { KpiCard } from "./kpi-card";
import { Leaderboard } from "./leaderboard";
import type { FunnelCounts } from "@/lib/contract/responses";
import type { Period } from "@/lib/ui/period";


function inviteeRangeAvailable(p: Period, now: number): boolean {
  // WEEX answers invitee queries only for registrations of the past year (the route allows a day of grace).
  return p.startTime >= now - INVITEE_MAX_AGE_WITH_GRACE_MS;
}

/** A query that has an answer (or failed), so the next one may start. */
function settled(q: { isSuccess: boolean; isError: boolean }): boolean {
  return q.isSuccess || q.isError;
}

/**
 * The overview: how the network did in the chosen period against the period before it.
 * KPI sums come from the series route (exact decimals), funnel counts from the funnel route.
 */
export function OverviewView() {
  const t = useTranslations("overview");
  const metrics = useTranslations("subAffiliates.metrics");
  const { state, tz, period, previous, against, now } = usePeriod();

  // WEEX pages sub-affiliate and invitee data at a fixed weight budget, so each figure below
  // costs seconds of upstream paging. The requests run one after another, most useful first:
  // the current period's figures appear early, the comparison and rankings follow, and the
  // browser keeps free connections for navigation meanwhile.
  const funnelNow = inviteeRangeAvailable(period, now);
  const funnelPrev = inviteeRangeAvailable(previous, now);
  const series = useRouteQuery(seriesQuery(period, state.granularity, tz));
  const funnel = useRouteQuery(funnelQuery(period), { enabled: funnelNow && settled(series) });
  // The previous period only feeds totals: monthly buckets keep that response small.
  const prevSeries = useRouteQuery(seriesQuery(previous, "month", tz), { enabled: settled(series) && (!funnelNow || settled(funnel)) });
  const leadersReady = settled(prevSeries);
  const prevFunnel = useRouteQuery(funnelQuery(previous), { enabled: funnelPrev && leadersReady });

  // Derived once per response, not on every render: the later queries re-render this view
  // several times, and new row arrays would make every chart lay itself out again.
  const seriesData = series.data;
  const prevSeriesData = prevSeries.data;
  // A period without a single record has no data, which is not the same as a total of 0: it
  // is shown and compared as "no data", never as a number.
  const totals = useMemo(() => (seriesData?.items.length ? seriesTotals(seriesData.items) : null), [seriesData]);
  const prevTotals = useMemo(() => (prevSeriesData?.items.length ? seriesTotals(prevSeriesData.items) : null), [prevSeriesData]);
  const noData = t("notes.noDataAgainst", { against });
  const seriesNote = seriesData && !seriesData.items.length ? t("notes.noData") : prevSeries.isError ? t("notes.previousFailed") : prevSeriesData && !prevSeriesData.items.length ? noData : undefined;
  const rowsByMetric = useMemo(() => (seriesData ? new Map(METRICS.map((m) => [m, chartRows(seriesData.items, m)])) : null), [seriesData]);
  const prevFunnelNote = funnelPrev ? undefined : t("notes.noInviteeComparison");

  const funnelKpis: Array<keyof FunnelCounts> = ["registered", "kycPassed", "firstDeposit", "firstTrade"];

  return (
    <>
      <PeriodControls />
      <div className="space-y-6">
        <RateLimitNotice failureReason={series.failureReason ?? funnel.failureReason} isFetching={series.isFetching || funnel.isFetching} />

        <section aria-labelledby="kpi-heading">
          <h2 id="kpi-heading" className="sr-only">{t("kpiHeading")}</h2>
          {series.isError ? <ErrorBanner error={series.error} onRetry={() => void series.refetch()} title={t("errors.series")} /> : null}
          {funnel.isError ? <div className="mt-2"><ErrorBanner error={funnel.error} onRetry={() => void funnel.refetch()} title={t("errors.funnel")} /></div> : null}
          <dl className="mt-2 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-live="polite" aria-busy={series.isFetching || funnel.isFetching}>
            {METRICS.map((m) => (
              <KpiCard
                key={m}
                testId={`kpi-${m}`}
                label={metrics(m)}
                loading={series.isPending && !series.isError}
                current={totals ? totals[m].total : null}
                previous={prevTotals ? prevTotals[m].total : null}
                comparing={!prevSeries.isSuccess && !prevSeries.isError}
                against={against}
                note={seriesNote}
              />
            ))}
            {funnelKpis.map((key) => (
              <KpiCard
                key={key}
                testId={`kpi-${key}`}
                label={t(`funnelKpis.${key}`)}
                loading={funnelNow && !funnel.isSuccess && !funnel.isError}
                current={funnelNow ? (funnel.data ? funnel.data[key] : null) : null}
                previous={funnelPrev && prevFunnel.data ? prevFunnel.data[key] : null}
                comparing={funnelPrev && !prevFunnel.isSuccess && !prevFunnel.isError}
                against={against}
                note={funnelNow ? prevFunnelNote : t("notes.inviteeYear")}
              />
            ))}
          </dl>
        </section>

        <Section id="series" title={t("series.title")} description={t("series.description", { granularity: state.granularity, tz })}>
          {series.isPending && !series.isError ? (
            <div className="grid gap-6 lg:grid-cols-3">
              <ChartSkeleton />
              <ChartSkeleton />
              <ChartSkeleton />
            </div>
          ) : series.data && series.data.items.length ? (
            <>
              <div className="grid gap-6 lg:grid-cols-3">
                {METRICS.map((m) => (
                  <div key={m}>
                    <h3 className="mb-2 text-sm font-semibold">{metrics(m)}</h3>
                    <SeriesChart rows={rowsByMetric?.get(m) ?? []} title={metrics(m)} granularity={state.granularity} />
                  </div>
                ))}
              </div>
              <FreshnessNote freshness={series.data.freshness} />
              <WarningsNote warnings={series.data.warnings} />
            </>
          ) : series.data ? (
            <EmptyState title={t("series.empty.title")}>{t("series.empty.body", { from: period.from, to: period.to })}</EmptyState>
          ) : null}
        </Section>

        <Section id="funnel" title={t("funnel.title")} description={t("funnel.description")}>
          {!funnelNow ? (
            <EmptyState title={t("funnel.unavailable.title")}>{t("funnel.unavailable.body")}</EmptyState>
          ) : !funnel.isSuccess && !funnel.isError ? (
            <ChartSkeleton height={200} />
          ) : funnel.data ? (
            funnel.data.registered ? (
              <>
                <FunnelChart counts={funnel.data} />
                <FreshnessNote freshness={funnel.data.freshness} />
              </>
            ) : (
              <EmptyState title={t("funnel.empty.title")}>{t("funnel.empty.body", { from: period.from, to: period.to })}</EmptyState>
            )
          ) : null}
        </Section>

        <div className="grid gap-6 lg:grid-cols-2">
          <Section id="top-commission" title={t("top.commission.title")} description={t("top.commission.description")}>
            <Leaderboard by="commission" period={period} enabled={leadersReady} />
          </Section>
          <Section id="top-volume" title={t("top.volume.title")} description={t("top.volume.description")}>
            <Leaderboard by="volume" period={period} enabled={leadersReady} />
          </Section>
        </div>
      </div>
    </>
  );
}
