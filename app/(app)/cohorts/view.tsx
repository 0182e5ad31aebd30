"use client";

import { saveCsv } from "@/components/export/download";
import { IntentLink } from "@/components/ui/intent-link";
import { useTranslations } from "next-intl";
import { useQueryStates } from "nuqs";
import { useCallback, useMemo } from "react";
import { useFormat } from "@/components/i18n/use-format";
import { Amount } from "@/components/ui/amount";
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
import { codesQuery, cohortsQuery } from "./query-options";
import { COHORT_SHOWS, cohortsSearch } from "./search-params";
import { COHORT_BY } from "@/lib/contract/params";
import { formatDateTime } from "@/lib/time/calendar";
import type { CodeItem, CohortItem, Cohorts } from "@/lib/contract/responses";
import { cohortsCsv, cohortsFilename, delayBin, HEAT_COLUMNS, heatLevel, sharePercent, VALUE_COLUMNS, valueHeatLevel, type DelayBin } from "@/lib/ui/cohorts";
import { coinsIn } from "@/lib/ui/invitee-value";

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
  const t = useTranslations("cohorts");
  const { tz, period } = usePeriod();
  const [{ by, show, coin }, setUrl] = useQueryStates(cohortsSearch);
  const cohorts = useRouteQuery(cohortsQuery(period, by, tz));
  // after the cohorts: one heavy read at a time while WEEX is read live
  const codes = useRouteQuery(codesQuery(period), { enabled: !cohorts.isPending });
  usePreloadDataTable();

  return (
    <>
      <PeriodControls showGranularity={false} compareNote={false} />
      <Section
        id="cohorts"
        title={t("title")}
        description={t("description", { by, tz })}
        actions={
          cohorts.data && cohorts.data.items.length ? (
            <button type="button" className={buttonSecondary} onClick={() => saveCsv(cohortsCsv(cohorts.data.items), cohortsFilename(by, tz, period.from, period.to))}>
              {t("exportCsv")}
            </button>
          ) : null
        }
      >
        <div className="mb-3 flex flex-wrap gap-4">
          <ChoiceGroup legend={t("cohortBy")} name="cohort-by" value={by} options={COHORT_BY.map((b) => ({ value: b, label: b === "week" ? t("week") : t("month") }))} onChange={(b) => void setUrl({ by: b })} />
          <ChoiceGroup legend={t("show")} name="cohort-show" value={show} options={COHORT_SHOWS.map((s) => ({ value: s, label: t(`shows.${s}`) }))} onChange={(s) => void setUrl({ show: s === "conversion" ? null : s })} />
        </div>
        {cohorts.isError ? (
          <ErrorBanner error={cohorts.error} onRetry={() => void cohorts.refetch()} title={t("loadError")} />
        ) : cohorts.isPending ? (
          <TableSkeleton label={t("loading")} columns={8} />
        ) : cohorts.data.items.every((i) => i.registered === 0) ? (
          <EmptyState title={t("emptyTitle")}>{t("emptyText")}</EmptyState>
        ) : (
          <>
            {show === "value" ? (
              <ValueHeatMap items={cohorts.data.items} by={by} coin={coin} onCoin={(c) => void setUrl({ coin: c })} range={cohorts.data.commissionRange} />
            ) : (
              <CohortHeatMap items={cohorts.data.items} by={by} />
            )}
            <FreshnessNote freshness={cohorts.data.freshness} />
            <WarningsNote warnings={cohorts.data.warnings} />
          </>
        )}
      </Section>
      <Section id="time-to-trade" title={t("delay.title")} description={t("delay.description")}>
        {cohorts.isError ? null : cohorts.isPending ? <ChartSkeleton height={180} label={t("delay.loading")} /> : <DelayChart bins={cohorts.data.timeToFirstTrade} />}
      </Section>
      <Section id="codes" title={t("codes.title")} description={t("codes.description")}>
        {codes.isError ? (
          <ErrorBanner error={codes.error} onRetry={() => void codes.refetch()} title={t("codes.loadError")} />
        ) : codes.isPending ? (
          <TableSkeleton label={t("codes.loading")} columns={6} />
        ) : codes.data.items.length === 0 ? (
          <EmptyState title={t("codes.emptyTitle")}>{t("codes.emptyText")}</EmptyState>
        ) : (
          <>
            <CodesTable items={codes.data.items} from={period.from} to={period.to} days={period.days} />
            <CommissionRangeNote range={codes.data.commissionRange} />
            <FreshnessNote freshness={codes.data.freshness} />
          </>
        )}
      </Section>
    </>
  );
}

/** A share in the page's percent format ("42.1 %" / "42.1%"), or a dash when there is no base. */
function useShare(): (n: number, of: number) => string {
  const f = useFormat();
  return useCallback(
    (n: number, of: number) => {
      const p = sharePercent(n, of);
      return p === null ? "—" : f.percent(p);
    },
    [f],
  );
}

function HeatCell({ n, of, label }: { n: number; of: number; label: string }) {
  const t = useTranslations("cohorts.heat");
  const f = useFormat();
  const share = useShare();
  const counts = t("counts", { n: f.count(n), of: f.count(of) });
  return (
    <div className={`-mx-3 -my-2 px-3 py-2 text-right tabular-nums ${HEAT_CLASSES[heatLevel(n, of)]}`} title={t("cellTitle", { label, counts })}>
      <span className="block font-medium">{share(n, of)}</span>
      <span className="block text-xs">{counts}</span>
    </div>
  );
}

function CohortHeatMap({ items, by }: { items: CohortItem[]; by: string }) {
  const t = useTranslations("cohorts.heat");
  const f = useFormat();
  const columns = useMemo(() => {
    const h = columnHelper<CohortItem>();
    return h.columns([
      h.accessor("cohort", { header: by === "week" ? t("weekOf") : t("month"), meta: { nowrap: true } }),
      h.accessor("registered", { header: t("registered"), cell: (c) => f.count(c.getValue()), meta: { numeric: true } }),
      h.display({ id: "kyc", header: t("kycPassed"), cell: (c) => <HeatCell n={c.row.original.kycPassed} of={c.row.original.registered} label={t("kycPassed")} />, meta: { numeric: true } }),
      ...HEAT_COLUMNS.map((col) => {
        const label = col.stage === "deposited" ? t("depositedWithin", { days: col.days }) : t("tradedWithin", { days: col.days });
        return h.display({ id: col.key, header: label, cell: (c) => <HeatCell n={col.count(c.row.original)} of={c.row.original.registered} label={label} />, meta: { numeric: true } });
      }),
      h.display({ id: "active", header: t("active"), cell: (c) => <HeatCell n={c.row.original.activeLast30d} of={c.row.original.registered} label={t("activeTitle")} />, meta: { numeric: true } }),
      h.accessor("medianHoursToFirstTrade", { header: t("median"), cell: (c) => c.getValue() ?? "—", meta: { numeric: true } }),
    ]);
  }, [by, t, f]);
  return <DataTable columns={columns} data={items} caption={t("caption", { by })} getRowId={(r) => r.cohort} testId="cohorts-table" />;
}

/** The commission a cohort's invitees brought within 7 to 180 days of registering, per invitee, in one coin: a row is the cohort's LTV curve. */
function ValueHeatMap({ items, by, coin, onCoin, range }: { items: CohortItem[]; by: string; coin: string | null; onCoin: (c: string | null) => void; range: Cohorts["commissionRange"] }) {
  const t = useTranslations("cohorts.value");
  const th = useTranslations("cohorts.heat");
  const f = useFormat();
  const coins = useMemo(() => coinsIn(items.flatMap((i) => VALUE_COLUMNS.map((c) => i.commissionPerInvitee[c.key]))), [items]);
  const shown = coin && coins.includes(coin) ? coin : (coins[0] ?? "USDT");
  // the largest per-invitee figure of the table in this coin: the top of the colour scale
  const max = useMemo(() => Math.max(0, ...items.flatMap((i) => VALUE_COLUMNS.map((c) => Number(i.commissionPerInvitee[c.key]?.[shown] ?? 0)))), [items, shown]);
  const columns = useMemo(() => {
    const h = columnHelper<CohortItem>();
    return h.columns([
      h.accessor("cohort", { header: by === "week" ? th("weekOf") : th("month"), meta: { nowrap: true } }),
      h.accessor("registered", { header: th("registered"), cell: (c) => f.count(c.getValue()), meta: { numeric: true } }),
      ...VALUE_COLUMNS.map((col) =>
        h.display({
          id: col.key,
          header: t("within", { days: col.days }),
          cell: (c) => {
            const per = c.row.original.commissionPerInvitee[col.key];
            if (per === null) return <span className="text-slate-600 dark:text-slate-400" title={t("tooYoung", { days: col.days })}>{t("young")}</span>;
            const v = per[shown] ?? "0";
            return (
              <div className={`-mx-3 -my-2 px-3 py-2 text-right ${HEAT_CLASSES[valueHeatLevel(v, max)]}`}>
                <Amount value={v} coin={shown} />
              </div>
            );
          },
          meta: { numeric: true },
        }),
      ),
    ]);
  }, [by, t, th, f, shown, max]);
  return (
    <>
      {coins.length > 1 ? (
        <div className="mb-3">
          <ChoiceGroup legend={t("coin")} name="cohort-coin" value={shown} options={coins.map((c) => ({ value: c, label: c }))} onChange={(c) => onCoin(c === coins[0] ? null : c)} />
        </div>
      ) : null}
      <DataTable columns={columns} data={items} caption={t("caption", { by, coin: shown })} getRowId={(r) => r.cohort} testId="cohorts-value-table" />
      <CommissionRangeNote range={range} />
    </>
  );
}

/** Which commission records the values were computed from, or that none were read (a live read longer than a week). */
function CommissionRangeNote({ range }: { range: Cohorts["commissionRange"] }) {
  const t = useTranslations("cohorts.value");
  const { tz } = usePeriod();
  return (
    <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
      {range ? t("range", { from: formatDateTime(range.startTime, tz), to: formatDateTime(range.endTime, tz), tz }) : t("noRange")}
    </p>
  );
}

/** A delay bin in words: "≤ 1 h", "> 30 d" / "≤ 1 小时", "> 30 天". */
function useBinLabel(): (bin: DelayBin) => string {
  const t = useTranslations("cohorts.delay");
  return (bin) => {
    if (bin.kind === "any") return t("any");
    const span = bin.span.unit === "days" ? t("days", { value: bin.span.value }) : t("hours", { value: bin.span.value });
    return bin.kind === "upTo" ? t("upTo", { span }) : t("over", { span });
  };
}

/** Horizontal bars drawn in CSS, each with its label and count as text (nothing to load). */
function DelayChart({ bins }: { bins: Cohorts["timeToFirstTrade"] }) {
  const t = useTranslations("cohorts.delay");
  const f = useFormat();
  const share = useShare();
  const binLabel = useBinLabel();
  const total = bins.reduce((n, b) => n + b.traded, 0);
  const max = Math.max(1, ...bins.map((b) => b.traded));
  if (total === 0) return <EmptyState title={t("empty")} />;
  return (
    <figure data-testid="delay-chart">
      <ul className="space-y-1.5" aria-label={t("label")}>
        {bins.map((b, i) => (
          <li key={String(b.upToHours)} className="grid grid-cols-[5rem_1fr_7rem] items-center gap-2 text-sm">
            <span className="tabular-nums">{binLabel(delayBin(b.upToHours, i > 0 ? bins[i - 1].upToHours : null))}</span>
            <span aria-hidden="true" className="h-4 rounded bg-slate-100 dark:bg-slate-800">
              <span className="block h-4 rounded bg-emerald-600" style={{ width: `${(b.traded / max) * 100}%` }} />
            </span>
            <span className="text-right tabular-nums">
              {f.count(b.traded)} ({share(b.traded, total)})
            </span>
          </li>
        ))}
      </ul>
      <figcaption className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t("total", { count: f.count(total) })}</figcaption>
    </figure>
  );
}

/** The invitee list keeps a 90-day registration window per query: longer periods link without dates. */
const LIST_MAX_DAYS = 90;

function CodesTable({ items, from, to, days }: { items: CodeItem[]; from: string; to: string; days: number }) {
  const t = useTranslations("cohorts");
  const f = useFormat();
  const share = useShare();
  const coins = useMemo(() => coinsIn(items.map((i) => i.commission)), [items]);
  const columns = useMemo(() => {
    const h = columnHelper<CodeItem>();
    const dates = days <= LIST_MAX_DAYS ? `&regFrom=${from}&regTo=${to}` : "";
    return h.columns([
      h.accessor("inviteCode", {
        header: t("codes.column"),
        cell: (c) => {
          const code = c.getValue();
          if (code === null) return <span className="text-slate-600 dark:text-slate-400">{t("codes.noCode")}</span>;
          return (
            <IntentLink className="font-mono text-sky-800 underline dark:text-sky-300" href={`/invitees?inviteCode=${encodeURIComponent(code)}${dates}`}>
              {code}
            </IntentLink>
          );
        },
        meta: { nowrap: true },
      }),
      h.accessor("registered", { header: t("heat.registered"), cell: (c) => f.count(c.getValue()), meta: { numeric: true } }),
      h.accessor("kycPassed", { header: t("heat.kycPassed"), cell: (c) => `${f.count(c.getValue())} (${share(c.getValue(), c.row.original.registered)})`, meta: { numeric: true, nowrap: true } }),
      h.accessor("deposited", { header: t("heat.deposited"), cell: (c) => `${f.count(c.getValue())} (${share(c.getValue(), c.row.original.registered)})`, meta: { numeric: true, nowrap: true } }),
      h.accessor("traded", { header: t("heat.traded"), cell: (c) => `${f.count(c.getValue())} (${share(c.getValue(), c.row.original.registered)})`, meta: { numeric: true, nowrap: true } }),
      h.display({ id: "depositToTrade", header: t("codes.depositToTrade"), cell: (c) => share(c.row.original.traded, c.row.original.deposited), meta: { numeric: true } }),
      // what the code's invitees brought, per coin (never added across coins), and their volume
      ...coins.map((coin) =>
        h.display({
          id: `commission-${coin}`,
          header: t("codes.commission", { coin }),
          cell: (c) => (c.row.original.commission === null ? "—" : <Amount value={c.row.original.commission[coin] ?? "0"} coin={coin} />),
          meta: { numeric: true },
        }),
      ),
      h.accessor("spotTradingAmount", { header: t("codes.spot"), cell: (c) => <Amount value={c.getValue()} coin="USDT" />, meta: { numeric: true } }),
      h.accessor("futuresTradingAmount", { header: t("codes.futures"), cell: (c) => <Amount value={c.getValue()} coin="USDT" />, meta: { numeric: true } }),
    ]);
  }, [from, to, days, t, f, share, coins]);
  return <DataTable columns={columns} data={items} caption={t("codes.caption", { from, to })} getRowId={(r) => r.inviteCode ?? "\u0000none"} testId="codes-table" />;
}
