"use client";

/**
 * A stacked SPOT + FUTURES bar chart of one metric over time (Recharts, loaded only on pages
 * with charts). Bar heights use numbers; the tooltip and the data table show the exact sums.
 */
import { useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import { formatDecimal } from "@/lib/ui/format";
import type { ChartRow } from "@/lib/ui/series";

export const PRODUCT_COLORS = { SPOT: "#0284c7", FUTURES: "#d97706" } as const;

const compact = new Intl.NumberFormat(undefined, { notation: "compact", maximumFractionDigits: 1 });

function ExactTooltip({ active, payload, label }: TooltipContentProps) {
  if (!active || !payload?.length) return null;
  const row = payload[0]?.payload as ChartRow | undefined;
  if (!row) return null;
  return (
    <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow-md dark:border-slate-700 dark:bg-slate-900">
      <p className="mb-1 font-semibold">{label}</p>
      <p>
        <span style={{ color: PRODUCT_COLORS.SPOT }}>■</span> SPOT: <span className="tabular-nums">{formatDecimal(row.exact.SPOT)}</span>
      </p>
      <p>
        <span style={{ color: PRODUCT_COLORS.FUTURES }}>■</span> FUTURES: <span className="tabular-nums">{formatDecimal(row.exact.FUTURES)}</span>
      </p>
      <p className="mt-1 font-medium">
        Total: <span className="tabular-nums">{formatDecimal(row.exact.total)}</span>
      </p>
    </div>
  );
}

export function SeriesChart({ rows, title, height = 240 }: { rows: ChartRow[]; title: string; height?: number }) {
  // A closed <details> shows nothing (to screen readers either): its rows are built on opening.
  const [tableOpen, setTableOpen] = useState(false);
  return (
    <figure className="min-w-0" data-testid="series-chart">
      <div className="text-slate-600 dark:text-slate-300" role="img" aria-label={`${title}: stacked bars of SPOT and FUTURES per period, ${rows.length} bars. Exact values are in the data table below.`}>
        <BarChart data={rows} responsive style={{ width: "100%", height }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} vertical={false} />
          <XAxis dataKey="bucket" tick={{ fill: "currentColor", fontSize: 11 }} stroke="currentColor" strokeOpacity={0.4} minTickGap={16} />
          <YAxis tick={{ fill: "currentColor", fontSize: 11 }} stroke="currentColor" strokeOpacity={0.4} tickFormatter={(v: number) => compact.format(v)} width={56} />
          <Tooltip content={ExactTooltip} cursor={{ fill: "currentColor", fillOpacity: 0.08 }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="SPOT" stackId="p" fill={PRODUCT_COLORS.SPOT} isAnimationActive={false} />
          <Bar dataKey="FUTURES" stackId="p" fill={PRODUCT_COLORS.FUTURES} isAnimationActive={false} />
        </BarChart>
      </div>
      <details className="mt-2 text-sm" onToggle={(e) => setTableOpen(e.currentTarget.open)}>
        <summary className="cursor-pointer text-sky-800 underline-offset-2 hover:underline dark:text-sky-300">Data table: {title}</summary>
        {tableOpen ? (
          <div className="relative mt-2 max-h-64 overflow-auto" tabIndex={0} role="region" aria-label={`${title} values`}>
            <table className="min-w-full text-xs">
              <caption className="sr-only">{title} per period, exact values</caption>
              <thead>
                <tr className="text-left">
                  <th scope="col" className="px-2 py-1">Period</th>
                  <th scope="col" className="px-2 py-1 text-right">SPOT</th>
                  <th scope="col" className="px-2 py-1 text-right">FUTURES</th>
                  <th scope="col" className="px-2 py-1 text-right">Total</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.bucket} className="border-t border-slate-100 dark:border-slate-800">
                    <th scope="row" className="px-2 py-1 text-left font-normal">{r.bucket}</th>
                    <td className="px-2 py-1 text-right tabular-nums">{formatDecimal(r.exact.SPOT)}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{formatDecimal(r.exact.FUTURES)}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{formatDecimal(r.exact.total)}</td>
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
