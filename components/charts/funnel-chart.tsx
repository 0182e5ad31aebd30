"use client";

/** The invitee funnel as horizontal bars, each stage with its share of the registrations. */
import { Bar, BarChart, Cell, LabelList, XAxis, YAxis } from "recharts";
import type { FunnelCounts } from "@/lib/contract/responses";
import { formatCount } from "@/lib/ui/format";

const STAGES: Array<{ key: keyof FunnelCounts; label: string; color: string }> = [
  { key: "registered", label: "Registered", color: "#0369a1" },
  { key: "kycPassed", label: "KYC passed", color: "#0284c7" },
  { key: "firstDeposit", label: "First deposit", color: "#0891b2" },
  { key: "firstTrade", label: "First trade", color: "#059669" },
];

function share(n: number, of: number): string {
  return of ? `${((n / of) * 100).toFixed(1)}%` : "—";
}

export function FunnelChart({ counts }: { counts: FunnelCounts }) {
  const rows = STAGES.map((s) => ({ ...s, value: counts[s.key], text: `${formatCount(counts[s.key])} (${share(counts[s.key], counts.registered)})` }));
  const summary = rows.map((r) => `${r.label} ${r.text}`).join(", ");
  return (
    <figure data-testid="funnel-chart" className="grid gap-4 md:grid-cols-[3fr_2fr] md:items-center">
      <div className="text-slate-700 dark:text-slate-200" role="img" aria-label={`Invitee funnel: ${summary}`}>
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
            <span className="font-semibold tabular-nums">{formatCount(r.value)}</span>
            {i > 0 ? <span className="block text-xs text-slate-600 dark:text-slate-400">{share(r.value, rows[i - 1].value)} of previous stage</span> : null}
          </li>
        ))}
      </ol>
    </figure>
  );
}
