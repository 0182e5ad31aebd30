"use client";

import { useTranslations } from "next-intl";
import { FreshnessNote } from "@/components/archive/freshness-note";
import { isPartial, refetchWhilePartial } from "@/components/archive/pending";
import { WarningsNote } from "@/components/archive/warnings-note";
import { FunnelChart, SeriesItemsChart } from "@/components/charts";
import { seriesQuery } from "@/components/charts/query-options";
import { PeriodControls } from "@/components/period/period-controls";
import { usePeriod } from "@/components/period/use-period";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorBanner, RateLimitNotice } from "@/components/ui/error-banner";
import { KpiCard } from "@/components/ui/kpi-card";
import { Section } from "@/components/ui/page-header";
import { ChartSkeleton } from "@/components/ui/skeleton";
import { useRouteQuery } from "@/components/ui/use-api-query";
import { METRIC_COIN, METRICS } from "@/lib/ui/metrics";
import type { FunnelCounts } from "@/lib/contract/responses";
import { CommissionSplit } from "./commission-split";
import { Leaderboard } from "./leaderboard";
import { funnelQuery, inviteeRangeAvailable, OVERVIEW_STALE_MS } from "./query-options";

/** A query that has an answer (or failed), so the next one may start. */
function settled(q: { isSuccess: boolean; isError: boolean }): boolean {
  return q.isSuccess || q.isError;
}

/**
 * The overview: how the network did in the chosen period against the period before it.
 * KPI sums come from the series route (its exact totals), funnel counts from the funnel route:
 * nothing here sums, so the figures render with the page (the server prefetches the answers,
 * page.tsx) and no arithmetic arrives later to render it all again. The charts build their rows
 * in their own lazy chunk, when they are drawn.
 */
export function OverviewView({ withInvitees = true }: { withInvitees?: boolean }) {
  const t = useTranslations("overview");
  const metrics = useTranslations("subAffiliates.metrics");
  const { state, tz, period, previous, against, now } = usePeriod();

  // WEEX pages sub-affiliate and invitee data at a fixed weight budget, so each figure below
  // costs seconds of upstream paging. The requests run one after another, most useful first:
  // the current period's figures appear early, the comparison and rankings follow, and the
  // browser keeps free connections for navigation meanwhile. (What the archive answers at once
  // the server has usually put in the cache already: overviewQueries, page.tsx.)
  // (a partner without invite codes has no invitees in their view: no funnel is asked for)
  const funnelNow = withInvitees && inviteeRangeAvailable(period, now);
  const funnelPrev = withInvitees && inviteeRangeAvailable(previous, now);
  // During the first backfill each answer holds what the history has so far and is asked
  // again until it is whole (components/archive/pending.ts): charts fill in as it goes.
  const refetchInterval = refetchWhilePartial;
  const staleTime = OVERVIEW_STALE_MS;
  const series = useRouteQuery(seriesQuery(period, state.granularity, tz), { refetchInterval, staleTime });
  const funnel = useRouteQuery(funnelQuery(period), { enabled: funnelNow && settled(series), refetchInterval, staleTime });
  // The previous period only feeds totals: monthly buckets keep that response small.
  const prevSeries = useRouteQuery(seriesQuery(previous, "month", tz), { enabled: settled(series) && (!funnelNow || settled(funnel)), refetchInterval, staleTime });
  const leadersReady = settled(prevSeries);
  const prevFunnel = useRouteQuery(funnelQuery(previous), { enabled: funnelPrev && leadersReady, refetchInterval, staleTime });

  const seriesData = series.data;
  const prevSeriesData = prevSeries.data;
  // A period without a single record has no data, which is not the same as a total of 0: it
  // is shown and compared as "no data", never as a number.
  // Likewise a period the first backfill has not fully loaded yet: its days missing are not
  // zeros, so it is shown as "so far" and not compared with anything (nor anything with it).
  const seriesPartial = isPartial(seriesData);
  const prevSeriesPartial = isPartial(prevSeriesData);
  const totals = seriesData?.items.length ? seriesData.totals : null;
  const prevTotals = prevSeriesData?.items.length ? prevSeriesData.totals : null;
  const noData = t("notes.noDataAgainst", { against });
  const partialNote = t("notes.partial");
  const prevPartialNote = t("notes.previousPartial", { against });
  const seriesNote = seriesPartial
    ? partialNote
    : seriesData && !seriesData.items.length
      ? t("notes.noData")
      : prevSeries.isError
        ? t("notes.previousFailed")
        : prevSeriesPartial
          ? prevPartialNote
          : prevSeriesData && !prevSeriesData.items.length
            ? noData
            : undefined;
  const comparable = !seriesPartial && !prevSeriesPartial;
  const funnelPartial = isPartial(funnel.data);
  const prevFunnelPartial = isPartial(prevFunnel.data);
  const funnelComparable = !funnelPartial && !prevFunnelPartial;
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
                coin={METRIC_COIN}
                loading={series.isPending && !series.isError}
                current={totals ? totals[m].total : null}
                previous={prevTotals && comparable ? prevTotals[m].total : null}
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
                current={funnelNow && funnel.data && !(funnelPartial && funnel.data[key] === 0) ? funnel.data[key] : null}
                previous={funnelPrev && prevFunnel.data && funnelComparable ? prevFunnel.data[key] : null}
                comparing={funnelPrev && !prevFunnel.isSuccess && !prevFunnel.isError}
                against={against}
                note={!funnelNow ? t("notes.inviteeYear") : funnelPartial ? partialNote : prevFunnelPartial ? prevPartialNote : prevFunnelNote}
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
                  <div key={m} className="min-w-0">
                    <h3 className="mb-2 text-sm font-semibold">{metrics(m)}</h3>
                    <SeriesItemsChart items={series.data.items} metric={m} title={metrics(m)} granularity={state.granularity} />
                  </div>
                ))}
              </div>
              <FreshnessNote freshness={series.data.freshness} />
              <WarningsNote warnings={series.data.warnings} />
            </>
          ) : series.data && seriesPartial ? (
            <>
              <EmptyState title={t("notLoaded.title")}>{t("notLoaded.series")}</EmptyState>
              <FreshnessNote freshness={series.data.freshness} />
            </>
          ) : series.data ? (
            <EmptyState title={t("series.empty.title")}>{t("series.empty.body", { from: period.from, to: period.to })}</EmptyState>
          ) : null}
        </Section>

        <Section id="funnel" title={t("funnel.title")} description={t("funnel.description")}>
          {!withInvitees ? (
            <EmptyState title={t("funnel.notInView.title")}>{t("funnel.notInView.body")}</EmptyState>
          ) : !funnelNow ? (
            <EmptyState title={t("funnel.unavailable.title")}>{t("funnel.unavailable.body")}</EmptyState>
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
                <EmptyState title={t("notLoaded.title")}>{t("notLoaded.funnel")}</EmptyState>
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

        <Section id="commission-split" title={t("commission.title")} description={t("commission.description")}>
          {/* (a partner's are their invite codes' invitees': without codes, none are in their view) */}
          {withInvitees ? (
            <CommissionSplit period={period} tz={tz} enabled={leadersReady} />
          ) : (
            <EmptyState title={t("funnel.notInView.title")}>{t("commission.notInView")}</EmptyState>
          )}
        </Section>
      </div>
    </>
  );
}
