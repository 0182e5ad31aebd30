"use client";

/** The invitee funnel as horizontal bars, each stage with its share of the registrations. */
import { useTranslations } from "next-intl";
import { Bar, BarChart, Cell, LabelList, XAxis, YAxis } from "recharts";
import { useFormat } from "@/components/i18n/use-format";
import type { FunnelCounts } from "@/lib/contract/responses";

/** The stages in order; each is labelled charts.funnel.stages.<key>. */
const STAGES: Array<{ key: keyof FunnelCounts; color: string }> = [
  { key: "registered", color: "#0369a1" },
  { key: "kycPassed", color: "#0284c7" },
  { key: "firstDeposit", color: "#0891b2" },
  { key: "firstTrade", color: "#059669" },
];

function share(n: number, of: number): string {
  return of ? `${((n / of) * 100).toFixed(1)}%` : "—";
}

export function FunnelChart({ counts }: { counts: FunnelCounts }) {
  const t = useTranslations("charts.funnel");
  const { count } = useFormat();
  const rows = STAGES.map((s) => ({ ...s, label: t(`stages.${s.key}`), value: counts[s.key], text: `${count(counts[s.key])} (${share(counts[s.key], counts.registered)})` }));
  const summary = rows.map((r) => `${r.label} ${r.text}`).join(t("separator"));
  return (
    <figure data-testid="funnel-chart" className="grid gap-4 md:grid-cols-[3fr_2fr] md:items-center">
      <div className="text-slate-700 dark:text-slate-200" role="img" aria-label={t("summary", { summary })}>
        <BarChart data={rows} layout="vertical" responsive style={{ width: "100%", height: 200 }} margin={{ top: 4, right: 120, bottom: 4, left: 8 }} accessibilityLayer={false}>
          <XAxis type="number" hide domain={[0, "dataMax"]} />
          <YAxis type="category" dataKey="label" width={104} tick={{ fill: "currentColor", fontSize: 12 }} axisLine={false} tickLine={false} />
          <Bar dataKey="value" isAnimationActive={false} radius={[0, 4, 4, 0]}>
            {rows.map((r) => (
              <Cell key={r.key} fill={r.color} />
            ))}
            <LabelList dataKey="text" position="right" fill="currentColor" fontSize={12} />
          </Bar>
        </BarChart>
      </div>
      <ol className="grid grid-cols-2 gap-2 text-sm">
        {rows.map((r, i) => (
          <li key={r.key} className="rounded-md bg-slate-50 px-2 py-1 dark:bg-slate-800/60">
            <span className="block text-xs text-slate-600 dark:text-slate-400">{r.label}</span>
            <span className="font-semibold tabular-nums">{count(r.value)}</span>
            {i > 0 ? <span className="block text-xs text-slate-600 dark:text-slate-400">{t("ofPrevious", { share: share(r.value, rows[i - 1].value) })}</span> : null}
          </li>
        ))}
      </ol>
    </figure>
  );
}
