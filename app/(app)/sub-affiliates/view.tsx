"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useMemo, useState } from "react";
import { PeriodControls } from "@/components/period/period-controls";
import { usePeriod, usePeriodNamed } from "@/components/period/use-period";
import { Amount } from "@/components/ui/amount";
import { Badge } from "@/components/ui/badge";
import { IdWithRiskBadge, useRiskBadges } from "@/components/risk/risk-badge";
import { columnHelper } from "@/components/ui/table-columns";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField, TextField } from "@/components/ui/field";
import { FilterForm } from "@/components/ui/filter-form";
import { PagedTable } from "@/components/ui/paged-table";
import { ChartSkeleton } from "@/components/ui/skeleton";
import { usePagedQuery } from "@/components/ui/use-url-paging";
import { buttonGhost } from "@/components/ui/styles";
import { subAffiliatesQuery } from "./query-options";
import { subAffiliatesSearch } from "./search-params";
import { PRODUCT_TYPES, type ProductType } from "@/lib/contract/params";
import type { SubAffiliateRow } from "@/lib/contract/responses";
import { METRIC_COIN } from "@/lib/ui/metrics";
import { DAY_MS, formatDate, UTC } from "@/lib/time/calendar";
import { SubAffiliateExport } from "./export-slot";

// The trend panel (its chart, the comparison card, decimal.js for the totals) shows only once a
// row's trend is opened: the list opens without it. A link with ?trend= renders it on the
// server as before (next/dynamic, server-rendered when present).
const TrendPanel = dynamic(() => import("./trend-panel").then((m) => m.TrendPanel), { loading: () => <ChartSkeleton label="Loading the trend" /> });

const UID_RE = /^[1-9]\d{0,19}$/;
/** FUTURES first: the page's default */
const PRODUCTS = [...PRODUCT_TYPES].reverse();

/** `riskBadges`: a badge on a row with an open risk flag (viewers and above; never a partner or a share link). */
export function SubAffiliatesView({ riskBadges = false }: { riskBadges?: boolean }) {
  const t = useTranslations("subAffiliates");
  const { tz, period, previous, against, state: periodState } = usePeriod();
  // No period in the URL (the person chose none): the route picks the window — WEEX answers
  // only a bounded one — and the page shows which (windowChosen), rather than a window of its own.
  const periodNamed = usePeriodNamed();
  const asked = useMemo(() => (periodNamed ? { startTime: period.startTime, endTime: period.endTime } : {}), [periodNamed, period.startTime, period.endTime]);
  const { url, setUrl, paging, query: q } = usePagedQuery(subAffiliatesSearch, "subAffiliates", subAffiliatesQuery, asked);
  const chosen = q.data?.window.chosen ? q.data.window : null;
  const trendUid = url.trend ?? url.subUid;
  const flags = useRiskBadges("subAffiliate", q.data?.items.map((r) => r.subAffiliateUid) ?? [], riskBadges);

  const columns = useMemo(() => {
    const h = columnHelper<SubAffiliateRow>();
    return h.columns([
      h.accessor("date", { header: t("columns.date"), cell: (c) => <span className="whitespace-nowrap tabular-nums">{c.getValue()}</span> }),
      h.accessor("subAffiliateUid", { header: t("columns.uid"), cell: (c) => <IdWithRiskBadge id={c.getValue()} label={t("uidLabel")} flags={flags} />, meta: { nowrap: true } }),
      h.accessor("productType", { header: t("columns.product"), cell: (c) => <Badge tone={c.getValue() === "SPOT" ? "info" : "warn"}>{c.getValue()}</Badge> }),
      h.accessor("tradingVolume", { header: t("metrics.tradingVolume"), cell: (c) => <Amount value={c.getValue()} coin={METRIC_COIN} />, meta: { numeric: true } }),
      h.accessor("netTradingFee", { header: t("metrics.netTradingFee"), cell: (c) => <Amount value={c.getValue()} coin={METRIC_COIN} />, meta: { numeric: true } }),
      h.accessor("paidCommission", { header: t("metrics.paidCommission"), cell: (c) => <Amount value={c.getValue()} coin={METRIC_COIN} />, meta: { numeric: true } }),
      h.display({
        id: "trend",
        header: t("columns.trend"),
        cell: (c) => {
          const uid = c.row.original.subAffiliateUid;
          const open = trendUid === uid;
          return (
            <button type="button" className={`${buttonGhost} px-2 py-1 text-xs`} aria-pressed={open} onClick={() => void setUrl({ trend: open ? null : uid })}>
              {open ? t("trend.shown") : t("trend.show")}
              <span className="sr-only">{t("trend.forUid", { uid })}</span>
            </button>
          );
        },
      }),
    ]);
  }, [trendUid, setUrl, t, flags]);

  // (the records are UTC days: a chosen window is named by its UTC dates)
  const shown = chosen ? { from: formatDate(chosen.startTime, UTC), to: formatDate(chosen.endTime, UTC) } : { from: period.from, to: period.to };
  const range = { product: url.productType, ...shown };
  const caption = url.subUid ? t("captionUid", { ...range, uid: url.subUid }) : t("caption", range);

  return (
    <>
      {/* The list is daily records whatever the granularity: the select appears with the trend chart it changes. */}
      <PeriodControls compareNote={!!trendUid} showGranularity={!!trendUid} granularityHint={t("granularityHint")} onChanged={() => void setUrl({ page: null })} />
      <SubAffiliateFilters
        key={`${url.productType}|${url.subUid}`}
        initial={{ productType: url.productType, subUid: url.subUid ?? "" }}
        onApply={(f) => void setUrl({ productType: f.productType, subUid: f.subUid || null, trend: null, page: null })}
        onReset={() => void setUrl({ productType: null, subUid: null, trend: null, page: null })}
      />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <div className="text-sm text-slate-600 dark:text-slate-400">
          {chosen ? (
            <p data-testid="sub-affiliates-window">
              {t("windowChosen", { days: Math.round((chosen.endTime - (chosen.endTime % DAY_MS) - chosen.startTime) / DAY_MS) + 1, ...shown })}
            </p>
          ) : null}
          <p>{t("note")}</p>
        </div>
        <SubAffiliateExport productType={url.productType} subUid={url.subUid} startTime={asked.startTime} endTime={asked.endTime} from={shown.from} to={shown.to} />
      </div>

      {trendUid ? (
        <TrendPanel uid={trendUid} period={period} previous={previous} against={against} tz={tz} granularity={periodState.granularity} onClose={url.trend ? () => void setUrl({ trend: null }) : undefined} />
      ) : null}

      <PagedTable
        query={q}
        columns={columns}
        caption={caption}
        getRowId={(r) => `${r.subAffiliateUid}-${r.productType}-${r.date}`}
        testId="sub-affiliates-table"
        label={t("records")}
        loadingLabel={t("loadingRecords")}
        empty={<EmptyState title={t("empty.title")}>{url.subUid ? t("empty.bodyUid", { ...range, uid: url.subUid }) : t("empty.body", range)}</EmptyState>}
        paging={paging}
      />
    </>
  );
}

function SubAffiliateFilters({
  initial,
  onApply,
  onReset,
}: {
  initial: { productType: ProductType; subUid: string };
  onApply: (f: { productType: ProductType; subUid: string }) => void;
  onReset: () => void;
}) {
  const t = useTranslations("subAffiliates.filters");
  const [draft, setDraft] = useState(initial);
  const uid = draft.subUid.trim();
  const uidError = uid && !UID_RE.test(uid) ? t("uidDigits") : null;
  return (
    <FilterForm label={t("label")} onApply={() => !uidError && onApply({ ...draft, subUid: uid })} onReset={onReset} applyDisabled={!!uidError}>
      <SelectField
        label={t("productType")}
        value={draft.productType}
        onChange={(e) => setDraft({ ...draft, productType: e.target.value as ProductType })}
        options={PRODUCTS.map((p) => ({ value: p, label: t(`products.${p}`) }))}
        hint={t("productHint")}
      />
      <TextField label={t("uid")} inputMode="numeric" autoComplete="off" placeholder={t("all")} value={draft.subUid} onChange={(e) => setDraft({ ...draft, subUid: e.target.value })} error={uidError} />
    </FilterForm>
  );
}
