"use client";

/**
 * A stacked SPOT + FUTURES bar chart of one metric over time (Recharts, loaded only on pages
 * with charts). Bar heights use numbers; the tooltip and the data table show the exact sums.
 */
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import { useFormat } from "@/components/i18n/use-format";
import type { Granularity } from "@/lib/contract/params";
import { chartRows, type ChartRow, type Metric, type SeriesItem } from "@/lib/ui/series";

export const PRODUCT_COLORS = { SPOT: "#0284c7", FUTURES: "#d97706" } as const;

/** A bucket (its first day, YYYY-MM-DD) as an instant, for the page's date formats. */
const bucketMs = (bucket: string) => Date.parse(`${bucket}T00:00:00Z`);

function ExactTooltip({ active, payload, label }: TooltipContentProps) {
  const t = useTranslations("charts.series");
  const f = useFormat();
  if (!active || !payload?.length) return null;
  const row = payload[0]?.payload as ChartRow | undefined;
  if (!row) return null;
  const when = typeof label === "string" && Number.isFinite(bucketMs(label)) ? f.date(bucketMs(label), "UTC") : label;
  return (
    <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow-md dark:border-slate-700 dark:bg-slate-900">
      <p className="mb-1 font-semibold">{when}</p>
      <p>
        <span style={{ color: PRODUCT_COLORS.SPOT }}>■</span> {t("spot")}: <span className="tabular-nums">{f.decimal(row.exact.SPOT)}</span>
      </p>
      <p>
        <span style={{ color: PRODUCT_COLORS.FUTURES }}>■</span> {t("futures")}: <span className="tabular-nums">{f.decimal(row.exact.FUTURES)}</span>
      </p>
      <p className="mt-1 font-medium">
        {t("total")}: <span className="tabular-nums">{f.decimal(row.exact.total)}</span>
      </p>
    </div>
  );
}

/**
 * The legend in the page's language. Recharts' own legend labels its icons "… legend icon" in
 * English (inside the chart's role="img", but an attribute all the same).
 */
function ProductLegend() {
  const t = useTranslations("charts.series");
  return (
    <ul className="flex justify-center gap-4 text-xs" aria-hidden="true">
      <li data-testid="legend-item">
        <span style={{ color: PRODUCT_COLORS.SPOT }}>■</span> {t("spot")}
      </li>
      <li data-testid="legend-item">
        <span style={{ color: PRODUCT_COLORS.FUTURES }}>■</span> {t("futures")}
      </li>
    </ul>
  );
}

/** The data table's amount columns after the period: each row's exact sum and its heading. */
const AMOUNT_COLUMNS = [
  { exact: "SPOT", label: "spot" },
  { exact: "FUTURES", label: "futures" },
  { exact: "total", label: "total" },
] as const;

// Rendered as an element (not called as a function), so the tooltip may use hooks.
const renderTooltip = (props: TooltipContentProps) => <ExactTooltip {...props} />;

/**
 * `granularity` names the buckets on the axis: a month ("Nov 2026" / "2026年11月"), else the
 * bucket's first day ("Nov 16" / "11月16日"). Buckets are civil dates of the view's zone, so
 * they are formatted as UTC dates (no second zone shift).
 */
function SeriesChart({ rows, title, height = 240, granularity = "day" }: { rows: ChartRow[]; title: string; height?: number; granularity?: Granularity }) {
  const t = useTranslations("charts.series");
  const f = useFormat();
  const locale = useLocale();
  const compact = useMemo(() => new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 }), [locale]);
  const tick = (bucket: string) => {
    const ms = bucketMs(bucket);
    if (!Number.isFinite(ms)) return bucket;
    return granularity === "month" ? f.month(ms, "UTC") : f.monthDay(ms, "UTC");
  };
  // A closed <details> shows nothing (to screen readers either): its rows are built on opening.
  const [tableOpen, setTableOpen] = useState(false);
  return (
    <figure className="min-w-0" data-testid="series-chart">
      <div className="text-slate-600 dark:text-slate-300" role="img" aria-label={t("summary", { title, bars: rows.length })}>
        <BarChart data={rows} responsive style={{ width: "100%", height }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} vertical={false} />
          <XAxis dataKey="bucket" tickFormatter={tick} tick={{ fill: "currentColor", fontSize: 11 }} stroke="currentColor" strokeOpacity={0.4} minTickGap={16} />
          <YAxis tick={{ fill: "currentColor", fontSize: 11 }} stroke="currentColor" strokeOpacity={0.4} tickFormatter={(v: number) => compact.format(v)} width={56} />
          <Tooltip content={renderTooltip} cursor={{ fill: "currentColor", fillOpacity: 0.08 }} />
          <Legend wrapperStyle={{ fontSize: 12 }} content={<ProductLegend />} />
          <Bar dataKey="SPOT" name={t("spot")} stackId="p" fill={PRODUCT_COLORS.SPOT} isAnimationActive={false} />
          <Bar dataKey="FUTURES" name={t("futures")} stackId="p" fill={PRODUCT_COLORS.FUTURES} isAnimationActive={false} />
        </BarChart>
      </div>
      <details className="mt-2 text-sm" onToggle={(e) => setTableOpen(e.currentTarget.open)}>
        <summary className="cursor-pointer text-sky-800 underline-offset-2 hover:underline dark:text-sky-300">{t("dataTable", { title })}</summary>
        {tableOpen ? (
          <div className="relative mt-2 max-h-64 overflow-auto" tabIndex={0} role="region" aria-label={t("values", { title })}>
            <table className="min-w-full text-xs">
              <caption className="sr-only">{t("caption", { title })}</caption>
              <thead>
                <tr className="text-left">
                  <th scope="col" className="px-2 py-1">{t("period")}</th>
                  {AMOUNT_COLUMNS.map((c) => (
                    <th key={c.exact} scope="col" className="px-2 py-1 text-right">{t(c.label)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.bucket} className="border-t border-slate-100 dark:border-slate-800">
                    <th scope="row" className="px-2 py-1 text-left font-normal">{r.bucket}</th>
                    {AMOUNT_COLUMNS.map((c) => (
                      <td key={c.exact} className="px-2 py-1 text-right tabular-nums">{f.decimal(r.exact[c.exact])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </details>
    </figure>
  );
}

/**
 * One metric's chart straight from a series' items: the rows (exact decimal sums per bucket)
 * are built here, in the charts' own lazy chunk when the chart is drawn, so the page that shows
 * the series needs no decimal arithmetic of its own for its first render.
 */
export function SeriesItemsChart({ items, metric, ...chart }: { items: readonly SeriesItem[]; metric: Metric; title: string; height?: number; granularity?: Granularity }) {
  const rows = useMemo(() => chartRows(items, metric), [items, metric]);
  return <SeriesChart rows={rows} {...chart} />;
}
