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
  type Granularity,
  type Period,
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
        <RangeChoice range="period" state={state} setState={setState} shown={period} error={problem} />
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
          <RangeChoice range="compare" state={state} setState={setState} shown={previous} error={compareProblem} />
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

type PeriodUrl = ReturnType<typeof usePeriod>["state"];
type PeriodPatch = Partial<Pick<PeriodUrl, "period" | "from" | "to" | "compare" | "compareStart" | "compareEnd">>;

/**
 * The two windows a person picks: the period, and what it is compared with. Each is a choice
 * (its URL key, its options with their words' keys) with a "custom" entry whose dates have URL keys and
 * labels of their own.
 */
const RANGES = {
  period: { choice: "period", options: PRESETS.map((p) => [p, `presets.${p}`] as const), label: "period", start: "from", end: "to", labels: ["from", "to"] },
  compare: { choice: "compare", options: COMPARES.map((c) => [c, `compares.${c}`] as const), label: "compareWith", start: "compareStart", end: "compareEnd", labels: ["compareFrom", "compareTo"] },
} as const;

/**
 * One window's choice and, when it is "custom", its two dates (the problem shows under the end).
 * Entering "custom" starts from the dates in force (`shown`: the period's, or the previous
 * period's for a comparison), so nothing jumps; leaving it clears the dates from the URL.
 */
function RangeChoice({ range, state, setState, shown, error }: { range: keyof typeof RANGES; state: PeriodUrl; setState: (patch: PeriodPatch) => unknown; shown: { from: string; to: string }; error: string | null }) {
  const t = useTranslations("period");
  const r = RANGES[range];
  const value = state[r.choice];
  const from = state[r.start] ?? shown.from;
  const to = state[r.end] ?? shown.to;
  return (
    <>
      <SelectField
        label={t(r.label)}
        value={value}
        onChange={(e) => {
          const custom = e.target.value === "custom";
          void setState({ [r.choice]: e.target.value, [r.start]: custom ? shown.from : null, [r.end]: custom ? shown.to : null } as PeriodPatch);
        }}
        options={r.options.map(([o, words]) => ({ value: o, label: t(words) }))}
      />
      {value === "custom" ? (
        <>
          <TextField label={t(r.labels[0])} type="date" value={from} max={to} onChange={(e) => e.target.value && void setState({ [r.start]: e.target.value } as PeriodPatch)} />
          <TextField label={t(r.labels[1])} type="date" value={to} min={from} onChange={(e) => e.target.value && void setState({ [r.end]: e.target.value } as PeriodPatch)} error={error} />
        </>
      ) : null}
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
