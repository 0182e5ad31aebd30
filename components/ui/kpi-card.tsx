"use client";

import { useTranslations } from "next-intl";
import { memo } from "react";
import { useFormat } from "@/components/i18n/use-format";
import { copyExact } from "@/components/ui/amount";
import { Skeleton } from "@/components/ui/skeleton";
import { lazyModule, useLazyModule } from "@/components/ui/use-lazy-module";
import type { Dec } from "@/lib/contract/decimal";

/** The comparison's arithmetic (decimal.js), loaded once a card has both values to compare. */
const decimalMath = lazyModule(() => import("@/lib/ui/decimal"));

export interface KpiProps {
  label: string;
  /** exact current and previous values; previous null when it cannot be known (explained by `note`) */
  current: Dec | string | number | null;
  previous: Dec | string | number | null;
  /** what the comparison is against, e.g. "previous 30 days" */
  against: string;
  note?: string;
  loading?: boolean;
  /** the previous period is still loading */
  comparing?: boolean;
  testId?: string;
  /**
   * The coin of an amount (the sub-affiliate figures are USDT): shown for reading (2 decimals
   * for USDT, lib/ui/format.ts), the exact value on hover and on copy. Without: a count, shown whole.
   */
  coin?: string;
}

function toText(v: Dec | string | number): string {
  return typeof v === "object" ? v.toFixed() : String(v);
}

/**
 * One KPI: the exact value, and the change against the previous period of the same length
 * as a signed delta and a percentage. The sign is written out; colour only repeats it. Against
 * a zero base there is no percentage: the change reads "new" (not "+∞ %").
 */
export const KpiCard = memo(function KpiCard({ label, current, previous, against, note, loading, comparing, testId, coin }: KpiProps) {
  const t = useTranslations("overview.kpi");
  const f = useFormat();
  const c = current === null ? null : toText(current);
  const p = previous === null ? null : toText(previous);
  const math = useLazyModule(decimalMath, c !== null && p !== null);
  const diff = math && c !== null && p !== null ? math.change(c, p) : null;
  const dir = diff ? diff.delta.comparedTo(0) : 0;
  const tone = dir > 0 ? "text-emerald-700 dark:text-emerald-400" : dir < 0 ? "text-red-700 dark:text-red-400" : "text-slate-600 dark:text-slate-400";
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4 dark:border-slate-800 dark:bg-slate-900" data-testid={testId}>
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1">
        {loading ? (
          <>
            <span className="sr-only">{t("loading")}</span>
            <Skeleton className="h-7 w-32" />
            <Skeleton className="mt-2 h-4 w-40" />
          </>
        ) : c === null ? (
          <>
            <span className="block text-2xl font-semibold text-slate-500 dark:text-slate-400">—</span>
            {note ? <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">{note}</span> : null}
          </>
        ) : (
          <>
            <span
              className="block break-all text-lg font-semibold tabular-nums sm:text-2xl"
              data-testid={testId ? `${testId}-value` : undefined}
              title={coin ? c : undefined}
              data-exact={coin ? c : undefined}
              onCopy={coin ? (e) => copyExact(e, c) : undefined}
            >
              {coin ? f.amount(c, coin) : f.decimal(c)}
            </span>
            {diff ? (
              <span className={`mt-1 block text-xs tabular-nums sm:text-sm ${tone}`}>
                <span aria-hidden="true">{dir > 0 ? "▲ " : dir < 0 ? "▼ " : ""}</span>
                <span title={coin ? diff.delta.toFixed() : undefined}>{coin ? f.amount(diff.delta, coin, { signed: true }) : f.decimal(diff.delta, { signed: true })}</span>
                {diff.percent !== null ? ` (${f.decimal(diff.percent, { signed: true, maxFractionDigits: 1 })}%)` : diff.delta.isZero() ? "" : ` ${t("new")}`}
                <span className="text-slate-600 dark:text-slate-400">{t("versus", { against })}</span>
              </span>
            ) : comparing || (c !== null && p !== null) ? (
              // (the size of the change it stands for, so the card keeps its height when that arrives)
              <span className="mt-1 block text-xs text-slate-600 sm:text-sm dark:text-slate-400">{t("comparing", { against })}</span>
            ) : null}
            {note ? <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">{note}</span> : null}
          </>
        )}
      </dd>
    </div>
  );
});
