"use client";

import Link from "next/link";
import { useQueryStates } from "nuqs";
import { useMemo } from "react";
import { FreshnessNote } from "@/components/archive/freshness-note";
import { WarningsNote } from "@/components/archive/warnings-note";
import { PeriodControls } from "@/components/period/period-controls";
import { usePeriod } from "@/components/period/use-period";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { LazyDataTable as DataTable, usePreloadDataTable } from "@/components/ui/lazy-data-table";
import { columnHelper } from "@/components/ui/table-columns";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Section } from "@/components/ui/page-header";
import { ChartSkeleton, TableSkeleton } from "@/components/ui/skeleton";
import { buttonSecondary } from "@/components/ui/styles";
import { useRouteQuery } from "@/components/ui/use-api-query";
import { codesQuery, cohortsQuery } from "@/app/(app)/cohorts/query-options";
import { cohortsSearch } from "@/app/(app)/cohorts/search-params";
import { COHORT_BY } from "@/lib/contract/params";
import type { CodeItem, CohortItem, Cohorts } from "@/lib/contract/responses";
import { cohortsCsv, cohortsFilename, delayBinLabel, HEAT_COLUMNS, heatLevel, shareText } from "@/lib/ui/cohorts";
import { formatCount } from "@/lib/ui/format";

/** Background per heat level: light to dark sky; text stays legible (AA) on each. */
const HEAT_CLASSES = [
  "bg-transparent",
  "bg-sky-50 dark:bg-sky-950/40",
  "bg-sky-100 dark:bg-sky-900/50",
  "bg-sky-200 dark:bg-sky-800/60",
  "bg-sky-300 dark:bg-sky-700/70",
  "bg-sky-400 text-slate-950 dark:bg-sky-600",
];

/**
 * /cohorts: the users registered in each week or month of the period, how many of them
 * deposited and traded within 1, 7 and 30 days (a heat map whose cells also give the counts),
 * how long traders took to their first trade, and each invite code's funnel.
 */
export function CohortsView() {
  const { tz, period } = usePeriod();
  const [{ by }, setUrl] = useQueryStates(cohortsSearch);
  const cohorts = useRouteQuery(cohortsQuery(period, by, tz));
  // after the cohorts: one heavy read at a time while WEEX is read live
  const codes = useRouteQuery(codesQuery(period), { enabled: !cohorts.isPending });
  usePreloadDataTable();

  return (
    <>
      <PeriodControls showGranularity={false} compareNote={false} />
      <Section
        id="cohorts"
        title="Cohorts"
        description={`Users grouped by the ${by} they registered in (${tz}; weeks start on Monday). Each cell: the share of the cohort that deposited or traded within that many days of registering, with the count.`}
        actions={
          cohorts.data && cohorts.data.items.length ? (
            <button type="button" className={buttonSecondary} onClick={() => download(cohortsCsv(cohorts.data.items), cohortsFilename(by, tz, period.from, period.to))}>
              Export CSV
            </button>
          ) : null
        }
      >
        <div className="mb-3">
          <ChoiceGroup legend="Cohort by" name="cohort-by" value={by} options={COHORT_BY.map((b) => ({ value: b, label: b === "week" ? "Week" : "Month" }))} onChange={(b) => void setUrl({ by: b })} />
        </div>
        {cohorts.isError ? (
          <ErrorBanner error={cohorts.error} onRetry={() => void cohorts.refetch()} title="The cohorts could not be loaded" />
        ) : cohorts.isPending ? (
          <TableSkeleton label="Loading cohorts" columns={8} />
        ) : cohorts.data.items.every((i) => i.registered === 0) ? (
          <EmptyState title="Nobody registered in this period">Choose a longer period: cohorts are counted from the users who registered in it.</EmptyState>
        ) : (
          <>
            <CohortHeatMap items={cohorts.data.items} by={by} />
            <FreshnessNote freshness={cohorts.data.freshness} />
            <WarningsNote warnings={cohorts.data.warnings} />
          </>
        )}
      </Section>
      <Section id="time-to-trade" title="Time to first trade" description="How long the period's traders took from registering to their first trade.">
        {cohorts.isError ? null : cohorts.isPending ? <ChartSkeleton height={180} label="Loading the distribution" /> : <DelayChart bins={cohorts.data.timeToFirstTrade} />}
      </Section>
      <Section id="codes" title="Invite codes" description="Each code's users registered in the period, how far they got, and the conversion from registration.">
        {codes.isError ? (
          <ErrorBanner error={codes.error} onRetry={() => void codes.refetch()} title="The invite codes could not be loaded" />
        ) : codes.isPending ? (
          <TableSkeleton label="Loading invite codes" columns={6} />
        ) : codes.data.items.length === 0 ? (
          <EmptyState title="No invite codes in this period">Nobody registered in this period.</EmptyState>
        ) : (
          <>
            <CodesTable items={codes.data.items} from={period.from} to={period.to} days={period.days} />
            <FreshnessNote freshness={codes.data.freshness} />
          </>
        )}
      </Section>
    </>
  );
}

/** Saves text as a file (the table is small and already in the browser). */
function download(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function HeatCell({ n, of, label }: { n: number; of: number; label: string }) {
  const counts = `${formatCount(n)} of ${formatCount(of)}`;
  return (
    <div className={`-mx-3 -my-2 px-3 py-2 text-right tabular-nums ${HEAT_CLASSES[heatLevel(n, of)]}`} title={`${label}: ${counts}`}>
      <span className="block font-medium">{shareText(n, of)}</span>
      <span className="block text-xs">{counts}</span>
    </div>
  );
}

function CohortHeatMap({ items, by }: { items: CohortItem[]; by: string }) {
  const columns = useMemo(() => {
    const h = columnHelper<CohortItem>();
    return h.columns([
      h.accessor("cohort", { header: by === "week" ? "Week of" : "Month", meta: { nowrap: true } }),
      h.accessor("registered", { header: "Registered", cell: (c) => formatCount(c.getValue()), meta: { numeric: true } }),
      h.display({ id: "kyc", header: "KYC passed", cell: (c) => <HeatCell n={c.row.original.kycPassed} of={c.row.original.registered} label="KYC passed" />, meta: { numeric: true } }),
      ...HEAT_COLUMNS.map((col) =>
        h.display({ id: col.key, header: col.label, cell: (c) => <HeatCell n={col.count(c.row.original)} of={c.row.original.registered} label={col.label} />, meta: { numeric: true } }),
      ),
      h.display({ id: "active", header: "Traded in last 30 d", cell: (c) => <HeatCell n={c.row.original.activeLast30d} of={c.row.original.registered} label="Traded in the last 30 days" />, meta: { numeric: true } }),
      h.accessor("medianHoursToFirstTrade", { header: "Median h to first trade", cell: (c) => c.getValue() ?? "—", meta: { numeric: true } }),
    ]);
  }, [by]);
  return <DataTable columns={columns} data={items} caption={`Cohorts by ${by}: share and count of each cohort that deposited or traded within 1, 7 and 30 days`} getRowId={(r) => r.cohort} testId="cohorts-table" />;
}

/** Horizontal bars drawn in CSS, each with its label and count as text (nothing to load). */
function DelayChart({ bins }: { bins: Cohorts["timeToFirstTrade"] }) {
  const total = bins.reduce((n, b) => n + b.traded, 0);
  const max = Math.max(1, ...bins.map((b) => b.traded));
  if (total === 0) return <EmptyState title="Nobody in these cohorts has traded yet" />;
  return (
    <figure data-testid="delay-chart">
      <ul className="space-y-1.5" aria-label="Traders by time from registration to first trade">
        {bins.map((b, i) => (
          <li key={String(b.upToHours)} className="grid grid-cols-[5rem_1fr_7rem] items-center gap-2 text-sm">
            <span className="tabular-nums">{delayBinLabel(b.upToHours, i > 0 ? bins[i - 1].upToHours : null)}</span>
            <span aria-hidden="true" className="h-4 rounded bg-slate-100 dark:bg-slate-800">
              <span className="block h-4 rounded bg-emerald-600" style={{ width: `${(b.traded / max) * 100}%` }} />
            </span>
            <span className="text-right tabular-nums">
              {formatCount(b.traded)} ({shareText(b.traded, total)})
            </span>
          </li>
        ))}
      </ul>
      <figcaption className="mt-2 text-xs text-slate-600 dark:text-slate-400">{formatCount(total)} traders in these cohorts.</figcaption>
    </figure>
  );
}

/** The invitee list keeps a 90-day registration window per query: longer periods link without dates. */
const LIST_MAX_DAYS = 90;

function CodesTable({ items, from, to, days }: { items: CodeItem[]; from: string; to: string; days: number }) {
  const columns = useMemo(() => {
    const h = columnHelper<CodeItem>();
    const dates = days <= LIST_MAX_DAYS ? `&regFrom=${from}&regTo=${to}` : "";
    return h.columns([
      h.accessor("inviteCode", {
        header: "Invite code",
        cell: (c) => {
          const code = c.getValue();
          if (code === null) return <span className="text-slate-600 dark:text-slate-400">(no code)</span>;
          return (
            <Link className="font-mono text-sky-800 underline dark:text-sky-300" href={`/invitees?inviteCode=${encodeURIComponent(code)}${dates}`}>
              {code}
            </Link>
          );
        },
        meta: { nowrap: true },
      }),
      h.accessor("registered", { header: "Registered", cell: (c) => formatCount(c.getValue()), meta: { numeric: true } }),
      h.accessor("kycPassed", { header: "KYC passed", cell: (c) => `${formatCount(c.getValue())} (${shareText(c.getValue(), c.row.original.registered)})`, meta: { numeric: true, nowrap: true } }),
      h.accessor("deposited", { header: "Deposited", cell: (c) => `${formatCount(c.getValue())} (${shareText(c.getValue(), c.row.original.registered)})`, meta: { numeric: true, nowrap: true } }),
      h.accessor("traded", { header: "Traded", cell: (c) => `${formatCount(c.getValue())} (${shareText(c.getValue(), c.row.original.registered)})`, meta: { numeric: true, nowrap: true } }),
      h.display({ id: "depositToTrade", header: "Deposit → trade", cell: (c) => shareText(c.row.original.traded, c.row.original.deposited), meta: { numeric: true } }),
    ]);
  }, [from, to, days]);
  return <DataTable columns={columns} data={items} caption={`Invite codes of the users registered ${from} to ${to}, most registrations first`} getRowId={(r) => r.inviteCode ?? "\u0000none"} testId="codes-table" />;
}
