"use client";

import dynamic from "next/dynamic";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { FreshnessNote } from "@/components/archive/freshness-note";
import { isPartial, refetchWhilePartial } from "@/components/archive/pending";
import { ExportButton } from "@/components/export/export-button";
import { PeriodControls } from "@/components/period/period-controls";
import { usePeriod } from "@/components/period/use-period";
import { Amount } from "@/components/ui/amount";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { IdWithRiskBadge, useRiskBadges } from "@/components/risk/risk-badge";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField, TextField } from "@/components/ui/field";
import { FilterForm } from "@/components/ui/filter-form";
import { IntentLink } from "@/components/ui/intent-link";
import { ListToolbar } from "@/components/ui/list-toolbar";
import { PagedTable } from "@/components/ui/paged-table";
import { ChartSkeleton } from "@/components/ui/skeleton";
import { cardClass } from "@/components/ui/styles";
import { columnHelper } from "@/components/ui/table-columns";
import { usePagedQuery } from "@/components/ui/use-url-paging";
import { VALUE_SORTS, type ValueSort } from "@/lib/contract/params";
import type { InviteeValue, InviteeValuePage } from "@/lib/contract/responses";
import { coinsIn, UID_RE } from "@/lib/ui/invitee-value";
import { formatDate, formatDateTime } from "@/lib/time/calendar";
import { detailLink } from "@/lib/ui/url-state";
import { valueFilter, valueQuery } from "./query-options";
import { valueSearch } from "./search-params";

/** The list's request, asked again every few seconds while the first backfill of commission records and deposits is still filling it. */
function fillingValueQuery(...args: Parameters<typeof valueQuery>) {
  return { ...valueQuery(...args), refetchInterval: refetchWhilePartial };
}

// The invitee's detail (its own queries, the assets read live) loads only when one is opened.
const InviteeDetail = dynamic(() => import("./detail").then((m) => m.InviteeDetail), { ssr: false, loading: () => <ChartSkeleton height={200} /> });

/** The volumes, deposits and withdrawals of the value rows are USDT (WEEX's totals). */
const USDT = "USDT";

/**
 * /value: what each invitee is worth over the period: its volumes, deposits,
 * withdrawals and the commission it brought per coin (never added across coins), largest first
 * by the chosen measure, with the totals of the whole filter, the export of the same filter, and
 * an invitee's detail (funnel, commission over time, records, assets) under `?invitee=`.
 */
/** `riskBadges`: a badge on a row with an open risk flag (viewers and above; never a partner or a share link). */
export function ValueView({ riskBadges = false }: { riskBadges?: boolean }) {
  const t = useTranslations("value");
  const { tz, period } = usePeriod();
  const { url, setUrl, paging, query: q } = usePagedQuery(valueSearch, "inviteeValue", fillingValueQuery, period);
  const filter = valueFilter(url, period);
  const search = useSearchParams();
  const flags = useRiskBadges("invitee", q.data?.items.map((i) => i.uid) ?? [], riskBadges);
  // the coins of the commission columns: those of the totals (the whole filter), so the columns stay while paging
  const coins = useMemo(() => (q.data ? coinsIn([q.data.totals.commission, ...q.data.items.map((i) => i.commission)]) : []), [q.data]);

  const columns = useMemo(() => {
    const h = columnHelper<InviteeValue>();
    const detailHref = (uid: string) => detailLink("/value", search, "invitee", uid, "invitee-detail");
    const usdt = (v: string) => <Amount value={v} coin={USDT} />;
    return h.columns([
      h.accessor("uid", { header: t("columns.uid"), cell: (c) => <IdWithRiskBadge id={c.getValue()} label={t("columns.uidLabel")} flags={flags} />, meta: { nowrap: true } }),
      h.display({
        id: "detail",
        header: t("columns.detail"),
        cell: (c) => (
          <IntentLink className="text-sky-800 underline dark:text-sky-300" href={detailHref(c.row.original.uid)} scroll={false} aria-label={t("columns.detailLabel", { uid: c.row.original.uid })}>
            {t("columns.open")}
          </IntentLink>
        ),
      }),
      h.accessor("inviteCode", { header: t("columns.inviteCode"), cell: (c) => (c.getValue() ? <code className="font-mono text-xs">{c.getValue()}</code> : "—") }),
      h.accessor("registerTime", { header: t("columns.registered", { tz }), cell: (c) => (c.getValue() ? <span className="whitespace-nowrap tabular-nums">{formatDateTime(c.getValue()!, tz)}</span> : "—") }),
      ...coins.map((coin) =>
        h.display({
          id: `commission-${coin}`,
          header: t("columns.commission", { coin }),
          cell: (c) => <Amount value={c.row.original.commission[coin] ?? "0"} coin={coin} />,
          meta: { numeric: true, sortedDescending: url.sort === "commission" && (url.coin ?? coins[0]) === coin },
        }),
      ),
      h.accessor("spotTradingAmount", { header: t("columns.spot"), cell: (c) => usdt(c.getValue()), meta: { numeric: true, sortedDescending: url.sort === "volume" } }),
      h.accessor("futuresTradingAmount", { header: t("columns.futures"), cell: (c) => usdt(c.getValue()), meta: { numeric: true, sortedDescending: url.sort === "volume" } }),
      h.accessor("depositAmount", { header: t("columns.deposits"), cell: (c) => usdt(c.getValue()), meta: { numeric: true, sortedDescending: url.sort === "deposits" } }),
      h.accessor("withdrawalAmount", { header: t("columns.withdrawals"), cell: (c) => usdt(c.getValue()), meta: { numeric: true } }),
    ]);
  }, [t, tz, coins, url.sort, url.coin, search, flags]);

  const filtered = url.uid || url.inviteCode;
  const caption = [
    t("caption.title", { from: period.from, to: period.to, sort: t(`sorts.${url.sort}`) }),
    url.uid ? t("caption.uid", { uid: url.uid }) : "",
    url.inviteCode ? t("caption.inviteCode", { code: url.inviteCode }) : "",
  ]
    .filter(Boolean)
    .join(t("caption.separator"));

  return (
    <>
      <PeriodControls showGranularity={!!url.invitee} compareNote={false} onChanged={() => void setUrl({ page: null })} />
      <ValueFilters
        key={`${url.uid}|${url.inviteCode}`}
        initial={{ uid: url.uid ?? "", inviteCode: url.inviteCode ?? "" }}
        onApply={(f) => void setUrl({ uid: f.uid || null, inviteCode: f.inviteCode || null, page: null })}
        onReset={() => void setUrl({ uid: null, inviteCode: null, page: null })}
      />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <ChoiceGroup
          legend={t("sortBy")}
          name="value-sort"
          value={url.sort}
          options={VALUE_SORTS.map((s) => ({ value: s, label: t(`sorts.${s}`) }))}
          onChange={(s: ValueSort) => void setUrl({ sort: s === "commission" ? null : s, page: null })}
        />
        {url.sort === "commission" && coins.length > 1 ? (
          <SelectField
            label={t("rankCoin")}
            value={url.coin ?? coins[0]}
            onChange={(e) => void setUrl({ coin: e.target.value === coins[0] ? null : e.target.value, page: null })}
            options={coins.map((c) => ({ value: c, label: c }))}
          />
        ) : null}
      </div>
      {q.data && (q.data.items.length || !isPartial(q.data)) ? <ValueTotals page={q.data} coins={coins} /> : null}
      <ListToolbar note={t("exportNote")}>
        <ExportButton href="/api/affiliate/invitees/value/export" params={filter} fallbackFilename="invitee-value.csv" />
      </ListToolbar>
      {url.invitee && UID_RE.test(url.invitee) ? <InviteeDetail uid={url.invitee} onClose={() => void setUrl({ invitee: null })} /> : null}
      <PagedTable
        query={q}
        columns={columns}
        caption={caption}
        getRowId={(r) => r.uid}
        testId="value-table"
        label={t("tableLabel")}
        loadingLabel={t("loading")}
        empty={
          q.data && isPartial(q.data) ? (
            // the first backfill has not reached this period yet: not "nothing", and it fills in by itself
            <>
              <EmptyState title={t("empty.buildingTitle")}>{t("empty.buildingText")}</EmptyState>
              <FreshnessNote freshness={q.data.freshness} />
            </>
          ) : (
            <EmptyState title={filtered ? t("empty.filteredTitle") : t("empty.title")}>{filtered ? t("empty.filteredText") : t("empty.text")}</EmptyState>
          )
        }
        paging={paging}
      />
    </>
  );
}

/** The sums of every row of the filter (not only the page's), per coin for the commission. */
function ValueTotals({ page, coins }: { page: InviteeValuePage; coins: string[] }) {
  const t = useTranslations("value");
  const { totals, resolution } = page;
  const weeks = resolution.movements.filter((m) => m.period === "week");
  const items: [string, string, string][] = [
    ...coins.map((coin): [string, string, string] => [t("columns.commission", { coin }), totals.commission[coin] ?? "0", coin]),
    [t("columns.spot"), totals.spotTradingAmount, USDT],
    [t("columns.futures"), totals.futuresTradingAmount, USDT],
    [t("columns.deposits"), totals.depositAmount, USDT],
    [t("columns.withdrawals"), totals.withdrawalAmount, USDT],
  ];
  return (
    <section aria-labelledby="value-totals" className="mb-4" data-testid="value-totals">
      <h2 id="value-totals" className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
        {t("totals")}
      </h2>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {items.map(([label, value, coin]) => (
          <div key={label} className={`${cardClass} min-w-0 !p-3`}>
            <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="mt-1 break-all font-semibold">
              <Amount value={value} coin={coin} className="!whitespace-normal" />
            </dd>
          </div>
        ))}
      </dl>
      {weeks.length ? (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400" data-testid="value-resolution">
          {t("weekly", { weeks: weeks.length, from: formatDate(weeks[0].startTime, "UTC"), to: formatDate(weeks[weeks.length - 1].endTime, "UTC") })}
        </p>
      ) : null}
    </section>
  );
}

function ValueFilters({ initial, onApply, onReset }: { initial: { uid: string; inviteCode: string }; onApply: (f: { uid: string; inviteCode: string }) => void; onReset: () => void }) {
  const t = useTranslations("value.filters");
  const [draft, setDraft] = useState(initial);
  const uid = draft.uid.trim();
  const code = draft.inviteCode.trim();
  const uidError = uid && !UID_RE.test(uid) ? t("uidError") : null;
  const codeError = code.length > 64 ? t("codeError") : null;
  const invalid = !!(uidError || codeError);
  return (
    <FilterForm label={t("label")} onApply={() => !invalid && onApply({ uid, inviteCode: code })} onReset={onReset} applyDisabled={invalid}>
      <TextField label={t("uid")} inputMode="numeric" autoComplete="off" value={draft.uid} onChange={(e) => setDraft({ ...draft, uid: e.target.value })} error={uidError} placeholder={t("any")} />
      <TextField label={t("inviteCode")} autoComplete="off" value={draft.inviteCode} onChange={(e) => setDraft({ ...draft, inviteCode: e.target.value })} error={codeError} placeholder={t("any")} />
    </FilterForm>
  );
}
