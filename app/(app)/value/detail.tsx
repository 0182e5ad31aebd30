"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { usePeriod } from "@/components/period/use-period";
import { Amount } from "@/components/ui/amount";
import { Badge } from "@/components/ui/badge";
import { ExportButton } from "@/components/export/export-button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorBanner } from "@/components/ui/error-banner";
import { LazyDataTable as DataTable } from "@/components/ui/lazy-data-table";
import { PagedTable } from "@/components/ui/paged-table";
import { TableSkeleton } from "@/components/ui/skeleton";
import { buttonSecondary, cardClass } from "@/components/ui/styles";
import { columnHelper } from "@/components/ui/table-columns";
import { useRouteQuery } from "@/components/ui/use-api-query";
import type { CommissionRow, CommissionSeriesItem, Invitee } from "@/lib/contract/responses";
import { coinsIn } from "@/lib/ui/invitee-value";
import { formatDateTime } from "@/lib/time/calendar";
import { inviteeAssetsQuery, inviteeRecordsQuery, inviteeRowQuery, inviteeSeriesQuery } from "./query-options";

/**
 * One invitee's detail: how far it got and when (its funnel), the commission it
 * brought per coin over the period's buckets and by pair (its records), and, read live from
 * WEEX only when asked, its assets now and its deposits of the last days.
 */
export function InviteeDetail({ uid, onClose }: { uid: string; onClose: () => void }) {
  const t = useTranslations("value.detail");
  const { tz, period, state } = usePeriod();
  const row = useRouteQuery(inviteeRowQuery(uid));
  const series = useRouteQuery(inviteeSeriesQuery(uid, period, state.granularity, tz));
  return (
    <section id="invitee-detail" aria-labelledby="invitee-detail-title" className={`${cardClass} mb-6`} data-testid="invitee-detail">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <h2 id="invitee-detail-title" className="break-all text-lg font-semibold">
          {t("title", { uid })}
        </h2>
        <button type="button" className={buttonSecondary} onClick={onClose}>
          {t("close")}
        </button>
      </div>

      <h3 className="mb-2 text-sm font-semibold">{t("funnel")}</h3>
      {row.isError ? (
        <ErrorBanner error={row.error} onRetry={() => void row.refetch()} />
      ) : row.isPending ? (
        <TableSkeleton rows={2} columns={4} label={t("loadingFunnel")} />
      ) : row.data.items[0] ? (
        <Funnel invitee={row.data.items[0]} tz={tz} />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("notListed")}</p>
      )}

      <h3 className="mb-2 mt-4 text-sm font-semibold">{t("overTime", { from: period.from, to: period.to, tz })}</h3>
      {series.isError ? (
        <ErrorBanner error={series.error} onRetry={() => void series.refetch()} />
      ) : series.isPending ? (
        <TableSkeleton rows={3} columns={5} label={t("loadingSeries")} />
      ) : series.data.items.length === 0 ? (
        <EmptyState title={t("noCommission")} />
      ) : (
        <>
          <dl className="mb-3 flex flex-wrap gap-4 text-sm" data-testid="invitee-commission-totals">
            {coinsIn([series.data.totals.commission]).map((coin) => (
              <div key={coin}>
                <dt className="text-xs text-slate-600 dark:text-slate-400">{t("totalIn", { coin })}</dt>
                <dd className="font-semibold">
                  <Amount value={series.data.totals.commission[coin]} coin={coin} />
                </dd>
              </div>
            ))}
          </dl>
          <SeriesTable items={series.data.items} />
        </>
      )}

      <h3 className="mb-2 mt-4 text-sm font-semibold">{t("byPair")}</h3>
      <Records uid={uid} />

      <h3 className="mb-2 mt-4 text-sm font-semibold">{t("assets")}</h3>
      <Assets uid={uid} />
    </section>
  );
}

function Funnel({ invitee, tz }: { invitee: Invitee; tz: string }) {
  const t = useTranslations("value.detail.steps");
  const steps: [string, number | null, boolean][] = [
    [t("registered"), invitee.registerTime, true],
    [t("kyc"), null, invitee.kycResult],
    [t("firstDeposit"), invitee.firstDeposit, invitee.firstDeposit !== null],
    [t("firstTrade"), invitee.firstTrade, invitee.firstTrade !== null],
    [t("lastDeposit"), invitee.lastDeposit, invitee.lastDeposit !== null],
    [t("lastTrade"), invitee.lastTrade, invitee.lastTrade !== null],
  ];
  return (
    <ol className="grid gap-2 text-sm sm:grid-cols-3 lg:grid-cols-6" data-testid="invitee-funnel">
      {steps.map(([label, time, reached]) => (
        <li key={label} className="rounded border border-slate-200 p-2 dark:border-slate-700">
          <span className="block font-medium">{label}</span>
          {reached ? <Badge tone="good">{t("yes")}</Badge> : <Badge>{t("no")}</Badge>}
          {time ? <span className="mt-1 block text-xs tabular-nums text-slate-600 dark:text-slate-400">{formatDateTime(time, tz)}</span> : null}
        </li>
      ))}
    </ol>
  );
}

/** The series as WEEX's records sum up: per bucket, coin, product and source type (nothing added across coins). */
function SeriesTable({ items }: { items: CommissionSeriesItem[] }) {
  const t = useTranslations("value.detail.columns");
  const columns = useMemo(() => {
    const h = columnHelper<CommissionSeriesItem>();
    return h.columns([
      h.accessor("bucket", { header: t("bucket"), meta: { nowrap: true } }),
      h.accessor("coin", { header: t("coin") }),
      h.accessor("productType", { header: t("product") }),
      h.accessor("commission", { header: t("commission"), cell: (c) => <Amount value={c.getValue()} coin={c.row.original.coin} />, meta: { numeric: true } }),
      h.accessor("fee", { header: t("fee"), cell: (c) => <Amount value={c.getValue()} coin={c.row.original.coin} />, meta: { numeric: true } }),
      h.accessor("volume", { header: t("volume"), cell: (c) => <Amount value={c.getValue()} coin="USDT" />, meta: { numeric: true } }),
      h.accessor("records", { header: t("records"), meta: { numeric: true } }),
    ]);
  }, [t]);
  return <DataTable columns={columns} data={items} caption={t("seriesCaption")} getRowId={(r) => `${r.bucket}|${r.coin}|${r.productType}|${r.sourceType}`} testId="invitee-series" />;
}

/** The invitee's commission records: the pair, product and coin of each, newest as the API orders them. */
function Records({ uid }: { uid: string }) {
  const t = useTranslations("value.detail");
  const { tz, period } = usePeriod();
  const [page, setPage] = useState(1);
  const q = useQuery({ ...inviteeRecordsQuery(uid, period, page), placeholderData: keepPreviousData });
  const columns = useMemo(() => {
    const h = columnHelper<CommissionRow>();
    return h.columns([
      h.accessor("date", { header: t("columns.time", { tz }), cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(c.getValue(), tz)}</span> }),
      h.accessor("symbol", { header: t("columns.symbol"), meta: { nowrap: true } }),
      h.accessor("productType", { header: t("columns.product") }),
      h.accessor("coin", { header: t("columns.coin") }),
      h.accessor("commission", { header: t("columns.commission"), cell: (c) => <Amount value={c.getValue()} coin={c.row.original.coin} />, meta: { numeric: true } }),
      h.accessor("fee", { header: t("columns.fee"), cell: (c) => <Amount value={c.getValue()} coin={c.row.original.coin} />, meta: { numeric: true } }),
    ]);
  }, [t, tz]);
  return (
    <>
      {/* every record of the period, not only the page shown, with WEEX's exact values */}
      <ExportButton
        href="/api/affiliate/commissions/export"
        params={{ uid, startTime: period.startTime, endTime: period.endTime }}
        label={t("exportRecords")}
        fallbackFilename={`commissions_uid-${uid}.csv`}
        className="mb-2"
      />
      <PagedTable
      query={q}
      columns={columns}
      caption={t("recordsCaption", { from: period.from, to: period.to })}
      getRowId={(r, i) => `${r.date}-${r.symbol}-${i}`}
      testId="invitee-records"
      label={t("records")}
      loadingLabel={t("loadingRecords")}
      empty={<EmptyState title={t("noCommission")} />}
      paging={{ page, pageSize: 50, pageSizes: [50], onPage: setPage, onPageSize: () => undefined }}
      />
    </>
  );
}

/** Read live when asked: WEEX's snapshot of the invitee's accounts (USDT) and its recent deposits. */
function Assets({ uid }: { uid: string }) {
  const t = useTranslations("value.detail");
  const [asked, setAsked] = useState(false);
  const q = useQuery({ ...inviteeAssetsQuery(uid), enabled: asked });
  if (!asked)
    return (
      <button type="button" className={buttonSecondary} onClick={() => setAsked(true)} data-testid="invitee-assets-button">
        {t("readAssets")}
      </button>
    );
  if (q.isError) return <ErrorBanner error={q.error} onRetry={() => void q.refetch()} />;
  if (q.isPending) return <TableSkeleton rows={2} columns={4} label={t("loadingAssets")} />;
  const a = q.data;
  const fields: [string, string | null][] = [
    [t("balances.available"), a.availableBalance],
    [t("balances.funding"), a.fundingTotalUsdt],
    [t("balances.spot"), a.spotProTotalUsdt],
    [t("balances.unified"), a.unimarginTotalUsdt],
    [t("balances.deposits", { from: a.startDate, to: a.endDate }), a.depositTotalAmount],
  ];
  return (
    <div data-testid="invitee-assets">
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
        {fields.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="break-all font-semibold">{value === null ? <span title={t("unknown")}>—</span> : <Amount value={value} coin="USDT" className="!whitespace-normal" />}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t("depositCount", { count: a.depositList.length, from: a.startDate, to: a.endDate })}</p>
    </div>
  );
}
