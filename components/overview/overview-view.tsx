"use client";

import { useMemo } from "react";
import { FreshnessNote } from "@/components/archive/freshness-note";
import { isPartial, refetchWhilePartial } from "@/components/archive/pending";
import { WarningsNote } from "@/components/archive/warnings-note";
import { FunnelChart, SeriesChart } from "@/components/charts";
import { PeriodControls } from "@/components/period/period-controls";
import { usePeriod } from "@/components/period/use-period";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorBanner, RateLimitNotice } from "@/components/ui/error-banner";
import { Section } from "@/components/ui/page-header";
import { ChartSkeleton } from "@/components/ui/skeleton";
import { useRouteQuery } from "@/components/ui/use-api-query";
import { lazyModule, useLazyModule } from "@/components/ui/use-lazy-module";
import { funnelQuery, seriesQuery } from "@/app/(app)/query-options";
import { INVITEE_MAX_AGE_WITH_GRACE_MS } from "@/lib/contract/params";
import { METRIC_LABELS, METRICS } from "@/lib/ui/metrics";
import { KpiCard } from "./kpi-card";
import { Leaderboard } from "./leaderboard";
import type { FunnelCounts } from "@/lib/contract/responses";
import type { Period } from "@/lib/ui/period";

/** Sums and chart rows need decimal.js: loaded beside the first request, not before the page responds. */
const seriesMath = lazyModule(() => import("@/lib/ui/series"));

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
  const { state, tz, period, previous, against, now } = usePeriod();

  // WEEX pages sub-affiliate and invitee data at a fixed weight budget, so each figure below
  // costs seconds of upstream paging. The requests run one after another, most useful first:
  // the current period's figures appear early, the comparison and rankings follow, and the
  // browser keeps free connections for navigation meanwhile.
  const funnelNow = inviteeRangeAvailable(period, now);
  const funnelPrev = inviteeRangeAvailable(previous, now);
  // During the first backfill each answer holds what the history has so far and is asked
  // again until it is whole (pending.ts): charts fill in as it goes.
  const refetchInterval = refetchWhilePartial;
  const series = useRouteQuery(seriesQuery(period, state.granularity, tz), { refetchInterval });
  const funnel = useRouteQuery(funnelQuery(period), { enabled: funnelNow && settled(series), refetchInterval });
  // The previous period only feeds totals: monthly buckets keep that response small.
  const prevSeries = useRouteQuery(seriesQuery(previous, "month", tz), { enabled: settled(series) && (!funnelNow || settled(funnel)), refetchInterval });
  const leadersReady = settled(prevSeries);
  const prevFunnel = useRouteQuery(funnelQuery(previous), { enabled: funnelPrev && leadersReady, refetchInterval });

  // Derived once per response, not on every render: the later queries re-render this view
  // several times, and new row arrays would make every chart lay itself out again.
  const seriesData = series.data;
  const prevSeriesData = prevSeries.data;
  const math = useLazyModule(seriesMath);
  // A period without a single record has no data, which is not the same as a total of 0: it
  // is shown and compared as "no data", never as a number.
  // Likewise a period the first backfill has not fully loaded yet: its days missing are not
  // zeros, so it is shown as "so far" and not compared with anything (nor anything with it).
  const seriesPartial = isPartial(seriesData);
  const prevSeriesPartial = isPartial(prevSeriesData);
  const totals = useMemo(() => (math && seriesData?.items.length ? math.seriesTotals(seriesData.items) : null), [math, seriesData]);
  const prevTotals = useMemo(() => (math && prevSeriesData?.items.length ? math.seriesTotals(prevSeriesData.items) : null), [math, prevSeriesData]);
  // (an answer that arrived before decimal.js is shown as still loading for that moment)
  const summing = !math && !!seriesData?.items.length;
  const prevSumming = !math && !!prevSeriesData?.items.length;
  const noData = `No data for the ${against}.`;
  const partialNote = "So far: part of this period is not loaded yet; compared once it is.";
  const prevPartialNote = `The ${against} is not loaded yet; compared once it is.`;
  const seriesNote = seriesPartial
    ? partialNote
    : seriesData && !seriesData.items.length
      ? "No data in this period."
      : prevSeries.isError
        ? "Previous period could not be loaded."
        : prevSeriesPartial
          ? prevPartialNote
          : prevSeriesData && !prevSeriesData.items.length
            ? noData
            : undefined;
  const comparable = !seriesPartial && !prevSeriesPartial;
  const funnelPartial = isPartial(funnel.data);
  const prevFunnelPartial = isPartial(prevFunnel.data);
  const funnelComparable = !funnelPartial && !prevFunnelPartial;
  const rowsByMetric = useMemo(() => (math && seriesData ? new Map(METRICS.map((m) => [m, math.chartRows(seriesData.items, m)])) : null), [math, seriesData]);
  const prevFunnelNote = funnelPrev ? undefined : "No comparison: WEEX keeps invitee data for one year only.";

  const funnelKpis: Array<{ key: keyof FunnelCounts; label: string }> = [
    { key: "registered", label: "New invitees" },
    { key: "kycPassed", label: "KYC passed" },
    { key: "firstDeposit", label: "First deposits" },
    { key: "firstTrade", label: "First trades" },
  ];

  return (
    <>
      <PeriodControls />
      <div className="space-y-6">
        <RateLimitNotice failureReason={series.failureReason ?? funnel.failureReason} isFetching={series.isFetching || funnel.isFetching} />

        <section aria-labelledby="kpi-heading">
          <h2 id="kpi-heading" className="sr-only">Key figures</h2>
          {series.isError ? <ErrorBanner error={series.error} onRetry={() => void series.refetch()} title="Volume, fee and commission could not be loaded" /> : null}
          {funnel.isError ? <div className="mt-2"><ErrorBanner error={funnel.error} onRetry={() => void funnel.refetch()} title="Invitee figures could not be loaded" /></div> : null}
          <dl className="mt-2 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-live="polite" aria-busy={series.isFetching || funnel.isFetching}>
            {METRICS.map((m) => (
              <KpiCard
                key={m}
                testId={`kpi-${m}`}
                label={METRIC_LABELS[m]}
                loading={(series.isPending && !series.isError) || summing}
                current={totals ? totals[m].total : null}
                previous={prevTotals && comparable ? prevTotals[m].total : null}
                comparing={(!prevSeries.isSuccess && !prevSeries.isError) || prevSumming}
                against={against}
                note={seriesNote}
              />
            ))}
            {funnelKpis.map(({ key, label }) => (
              <KpiCard
                key={key}
                testId={`kpi-${key}`}
                label={label}
                loading={funnelNow && !funnel.isSuccess && !funnel.isError}
                current={funnelNow && funnel.data && !(funnelPartial && funnel.data[key] === 0) ? funnel.data[key] : null}
                previous={funnelPrev && prevFunnel.data && funnelComparable ? prevFunnel.data[key] : null}
                comparing={funnelPrev && !prevFunnel.isSuccess && !prevFunnel.isError}
                against={against}
                note={!funnelNow ? "WEEX keeps invitee data for one year only." : funnelPartial ? partialNote : prevFunnelPartial ? prevPartialNote : prevFunnelNote}
              />
            ))}
          </dl>
        </section>

        <Section id="series" title="Volume, net fee and commission over time" description={`SPOT and FUTURES stacked, per ${state.granularity} in ${tz}.`}>
          {(series.isPending && !series.isError) || summing ? (
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
                    <h3 className="mb-2 text-sm font-semibold">{METRIC_LABELS[m]}</h3>
                    <SeriesChart rows={rowsByMetric?.get(m) ?? []} title={METRIC_LABELS[m]} />
                  </div>
                ))}
              </div>
              <FreshnessNote freshness={series.data.freshness} />
              <WarningsNote warnings={series.data.warnings} />
            </>
          ) : series.data && seriesPartial ? (
            <>
              <EmptyState title="Not loaded yet">Your history is still being built, newest days first; the charts fill in as it goes.</EmptyState>
              <FreshnessNote freshness={series.data.freshness} />
            </>
          ) : series.data ? (
            <EmptyState title="No sub-affiliate activity in this period">WEEX reports no trading volume for your sub-affiliates between {period.from} and {period.to}. Try a longer period.</EmptyState>
          ) : null}
        </Section>

        <Section id="funnel" title="Invitee funnel" description="Users who registered in the period, and how many of them passed KYC, deposited and traded.">
          {!funnelNow ? (
            <EmptyState title="Not available for this period">WEEX answers invitee queries only for registrations within the past year. Choose a period that starts later.</EmptyState>
          ) : !funnel.isSuccess && !funnel.isError ? (
            <ChartSkeleton height={200} />
          ) : funnel.data ? (
            funnel.data.registered ? (
              <>
                <FunnelChart counts={funnel.data} />
                <FreshnessNote freshness={funnel.data.freshness} />
              </>
            ) : funnelPartial ? (
              <>
                <EmptyState title="Not loaded yet">Your history is still being built, newest days first; the funnel fills in as it goes.</EmptyState>
                <FreshnessNote freshness={funnel.data.freshness} />
              </>
            ) : (
              <EmptyState title="No new invitees in this period">Nobody registered with your invitation codes between {period.from} and {period.to}.</EmptyState>
            )
          ) : null}
        </Section>

        <div className="grid gap-6 lg:grid-cols-2">
          <Section id="top-commission" title="Top by paid commission" description="The ten sub-affiliates you paid most in the period.">
            <Leaderboard by="commission" period={period} enabled={leadersReady} />
          </Section>
          <Section id="top-volume" title="Top by trading volume" description="The ten sub-affiliates with the highest trading volume.">
            <Leaderboard by="volume" period={period} enabled={leadersReady} />
          </Section>
        </div>
      </div>
    </>
  );
}
