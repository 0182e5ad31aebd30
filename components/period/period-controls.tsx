"use client";

import { useTranslations } from "next-intl";
import { memo } from "react";
import { useArchiveStatus } from "@/components/archive/use-archive-status";
import { SelectField, TextField } from "@/components/ui/field";
import {
  COMPARES,
  customRangeProblem,
  GRANULARITIES,
  PRESETS,
  rangeText,
  type Compare,
  type Granularity,
  type Period,
  type Preset,
} from "@/lib/ui/period";
import { DAY_MS } from "@/lib/time/calendar";
import { WINDOWS } from "@/lib/weex/limits";
import { usePeriodText } from "./period-text";
import { usePeriod } from "./use-period";
import { ZoneSelect } from "./zone-select";

/**
 * Period preset, custom dates, granularity and zone: the view's reporting window, kept in the
 * URL and carried by the navigation. Changes apply at once (each is a single choice).
 */
// Memoised: the pages around it re-render whenever one of their queries settles, and the
// controls (with their own URL state and the archive's coverage) need not follow.
export const PeriodControls = memo(function PeriodControls({
  showGranularity = true,
  granularityHint,
  compareNote = true,
  onChanged,
}: {
  showGranularity?: boolean;
  /** what the granularity changes on this page, when that is not the whole page */
  granularityHint?: string;
  compareNote?: boolean;
  onChanged?: () => void;
}) {
  const t = useTranslations("period");
  const text = usePeriodText();
  const { state, setState: setUrl, tz, period, previous, against, compareProblem, now } = usePeriod();
  // A reversed or overlong custom range keeps what was typed, says what is wrong next to the
  // dates, and the page shows the last 30 days meanwhile (resolvePeriod's fallback).
  const problem = text.problem(state.period === "custom" && (state.from || state.to) ? customRangeProblem(state.from ?? period.from, state.to ?? period.to) : null);
  // A new window invalidates the page number of any list below (nuqs batches both updates).
  const setState: typeof setUrl = (v) => {
    onChanged?.();
    return setUrl(v);
  };
  return (
    <section aria-label={t("label")} className="z-10 -mx-3 mb-6 md:sticky md:top-14 border-b border-slate-200 bg-white/95 px-3 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8 dark:border-slate-800 dark:bg-slate-950/95">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-6">
        <SelectField
          label={t("period")}
          value={state.period}
          onChange={(e) => {
            const preset = e.target.value as Preset;
            // Entering "custom" starts from the dates currently shown, so nothing jumps.
            void setState(preset === "custom" ? { period: preset, from: period.from, to: period.to } : { period: preset, from: null, to: null });
          }}
          options={PRESETS.map((p) => ({ value: p, label: t(`presets.${p}`) }))}
        />
        {state.period === "custom" ? (
          <DatePair
            labels={[t("from"), t("to")]}
            from={state.from ?? period.from}
            to={state.to ?? period.to}
            onFrom={(from) => void setState({ from })}
            onTo={(to) => void setState({ to })}
            error={problem}
          />
        ) : null}
        {showGranularity ? (
          <SelectField
            label={t("granularity")}
            value={state.granularity}
            onChange={(e) => void setState({ granularity: e.target.value as Granularity })}
            options={GRANULARITIES.map((g) => ({ value: g, label: t(`granularities.${g}`) }))}
            hint={granularityHint}
          />
        ) : null}
        <div className="col-span-2 md:col-span-1 xl:col-span-2">
          <ZoneSelect value={tz} onChange={(z) => void setState({ tz: z })} />
        </div>
        {compareNote ? (
          <>
            <SelectField
              label={t("compareWith")}
              value={state.compare}
              onChange={(e) => {
                const compare = e.target.value as Compare;
                // A custom comparison starts from the previous period's dates, so nothing jumps.
                void setState(compare === "custom" ? { compare, compareStart: previous.from, compareEnd: previous.to } : { compare, compareStart: null, compareEnd: null });
              }}
              options={COMPARES.map((c) => ({ value: c, label: t(`compares.${c}`) }))}
            />
            {state.compare === "custom" ? (
              <DatePair
                labels={[t("compareFrom"), t("compareTo")]}
                from={state.compareStart ?? previous.from}
                to={state.compareEnd ?? previous.to}
                onFrom={(compareStart) => void setState({ compareStart })}
                onTo={(compareEnd) => void setState({ compareEnd })}
                error={compareProblem}
              />
            ) : null}
          </>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" aria-live="polite" data-testid="period-summary">
        {t.rich("summary", { range: rangeText(period), days: period.days, tz, b: (c) => <span className="font-medium">{c}</span> })}
        {compareNote ? <span className="text-slate-600 dark:text-slate-400">{t("comparedWith", { against: state.compare === "previous" ? rangeText(previous) : against })}</span> : null}
        {compareNote && compareProblem ? <span className="font-medium text-amber-800 dark:text-amber-300">{t("compareFallback")}</span> : null}
        {problem ? <span className="font-medium text-amber-800 dark:text-amber-300">{t("customFallback")}</span> : null}
      </p>
      <Coverage period={period} now={now} />
    </section>
  );
});

/** Two date inputs of a range (the period's, or the comparison's); the problem shows under the end. */
function DatePair({
  labels,
  from,
  to,
  onFrom,
  onTo,
  error,
}: {
  labels: [string, string];
  from: string;
  to: string;
  onFrom: (v: string) => void;
  onTo: (v: string) => void;
  error: string | null;
}) {
  return (
    <>
      <TextField label={labels[0]} type="date" value={from} max={to} onChange={(e) => e.target.value && onFrom(e.target.value)} />
      <TextField label={labels[1]} type="date" value={to} min={from} onChange={(e) => e.target.value && onTo(e.target.value)} error={error} />
    </>
  );
}

const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * What the data covers, so a long or old period is not a mystery: the dashboard's history of
 * sub-affiliate records (what the archive holds; older days are read live from WEEX, slowly),
 * and WEEX's one-year window for invitees.
 */
function Coverage({ period, now }: { period: Period; now: number }) {
  const t = useTranslations("period.coverage");
  const status = useArchiveStatus();
  const sub = status.data?.datasets.find((d) => d.dataset === "subAffiliates");
  const inviteeFrom = ymd(now - WINDOWS.invitees.maxAgeMs);
  const parts: string[] = [];
  if (sub?.heldFrom != null) {
    parts.push(t(period.startTime < sub.heldFrom ? "heldLive" : "held", { from: ymd(sub.heldFrom) }));
  } else if (status.data?.building) {
    parts.push(t("building", { percent: status.data.percent }));
  }
  if (period.startTime < now - WINDOWS.invitees.maxAgeMs - DAY_MS) parts.push(t("invitees", { from: inviteeFrom }));
  if (!parts.length) return null;
  return (
    <p className="mt-1 text-xs text-slate-600 dark:text-slate-400" data-testid="period-coverage">
      {parts.join(" ")}
    </p>
  );
}
