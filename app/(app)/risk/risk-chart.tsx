"use client";

/**
 * The figures behind a flag as a small chart (Recharts, loaded with the detail): an invitee's
 * daily deposits and withdrawals as bars and its volume as a line on its own axis; a
 * sub-affiliate's daily volume as bars against its median, its commission as a line against
 * its median. Heights use numbers; the table under the chart holds the exact figures.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import { useFormat } from "@/components/i18n/use-format";
import { PlainTable } from "@/components/ui/plain-table";
import type { RiskFlagDetail } from "@/lib/contract/risk";

const COLORS = { deposits: "#0284c7", withdrawals: "#dc2626", volume: "#d97706", commission: "#7c3aed", median: "#475569" } as const;
type Series = RiskFlagDetail["series"];
type Figure = "deposits" | "withdrawals" | "volume" | "commission";

const FIGURES: Record<Exclude<Series["kind"], "none">, { bars: Figure[]; line: Figure }> = {
  invitee: { bars: ["deposits", "withdrawals"], line: "volume" },
  subAffiliate: { bars: ["volume"], line: "commission" },
};

/**
 * The legend in the page's language. Recharts' own legend labels its icons "… legend icon" in
 * English (inside the chart's role="img", but an attribute all the same).
 */
function FigureLegend({ figures }: { figures: Figure[] }) {
  const t = useTranslations("risk.view");
  return (
    <ul className="flex justify-center gap-4 text-xs" aria-hidden="true">
      {figures.map((k) => (
        <li key={k}>
          <span style={{ color: COLORS[k] }}>■</span> {t(`series.${k}`)}
        </li>
      ))}
    </ul>
  );
}

export function RiskChart({ series, title }: { series: Series; title: string }) {
  const t = useTranslations("risk.view");
  const f = useFormat();
  const [tableOpen, setTableOpen] = useState(false);
  if (series.kind === "none") return null;
  const { bars, line } = FIGURES[series.kind];
  const figures = [...bars, line];
  const rows = series.days.map((d) => ({ day: d.day, ...Object.fromEntries(figures.map((k) => [k, Number(d[k] ?? 0)])) }));
  const compact = new Intl.NumberFormat(undefined, { notation: "compact", maximumFractionDigits: 1 });
  const axis = { tick: { fill: "currentColor", fontSize: 11 }, stroke: "currentColor", strokeOpacity: 0.4 } as const;
  const median = series.median;
  return (
    <figure className="min-w-0" data-testid="risk-chart">
      <div className="text-slate-600 dark:text-slate-300" role="img" aria-label={title}>
        <ComposedChart data={rows} responsive style={{ width: "100%", height: 220 }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} vertical={false} />
          <XAxis dataKey="day" {...axis} tickFormatter={(d: string) => d.slice(5)} minTickGap={16} />
          <YAxis yAxisId="bars" {...axis} tickFormatter={(v: number) => compact.format(v)} width={56} />
          <YAxis yAxisId="line" orientation="right" {...axis} tickFormatter={(v: number) => compact.format(v)} width={56} />
          <Tooltip formatter={(v) => f.decimal(String(v))} />
          <Legend content={<FigureLegend figures={figures} />} />
          {bars.map((k) => (
            <Bar key={k} yAxisId="bars" dataKey={k} name={t(`series.${k}`)} fill={COLORS[k]} isAnimationActive={false} />
          ))}
          <Line yAxisId="line" dataKey={line} name={t(`series.${line}`)} stroke={COLORS[line]} dot={false} isAnimationActive={false} />
          {median ? <ReferenceLine yAxisId="bars" y={Number(median.volume)} stroke={COLORS.median} strokeDasharray="4 4" label={{ value: t("series.medianVolume"), fill: "currentColor", fontSize: 11 }} /> : null}
          {median ? <ReferenceLine yAxisId="line" y={Number(median.commission)} stroke={COLORS.commission} strokeDasharray="2 4" /> : null}
        </ComposedChart>
      </div>
      <details className="mt-2 text-sm" onToggle={(e) => setTableOpen(e.currentTarget.open)}>
        <summary className="cursor-pointer text-sky-800 underline-offset-2 hover:underline dark:text-sky-300">{t("detail.showTable")}</summary>
        {tableOpen ? (
          <PlainTable caption={t("detail.tableCaption")} columns={[t("detail.day"), ...figures.map((k) => t(`series.${k}`))]}>
            {series.days.map((d) => (
              <tr key={d.day} className="border-t border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-1 pr-4 font-normal">{d.day}</th>
                {figures.map((k) => (
                  <td key={k} className="py-1 pr-4 tabular-nums" data-exact={d[k]}>{f.decimal(d[k] ?? "0")}</td>
                ))}
              </tr>
            ))}
          </PlainTable>
        ) : null}
      </details>
    </figure>
  );
}
