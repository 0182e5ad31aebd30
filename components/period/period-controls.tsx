"use client";

import { SelectField, TextField } from "@/components/ui/field";
import { GRANULARITIES, PRESET_LABELS, PRESETS, type Granularity, type Period, type Preset } from "@/lib/ui/period";
import { usePeriod } from "./use-period";
import { ZoneSelect } from "./zone-select";

function describe(p: Period): string {
  return p.from === p.to ? p.from : `${p.from} – ${p.to}`;
}

/**
 * Period preset, custom dates, granularity and zone: the view's reporting window, kept in the
 * URL and carried by the navigation. Changes apply at once (each is a single choice).
 */
export function PeriodControls({ showGranularity = true, compareNote = true, onChanged }: { showGranularity?: boolean; compareNote?: boolean; onChanged?: () => void }) {
  const { state, setState: setUrl, tz, period, previous } = usePeriod();
  // A new window invalidates the page number of any list below (nuqs batches both updates).
  const setState: typeof setUrl = (v) => {
    onChanged?.();
    return setUrl(v);
  };
  return (
    <section aria-label="Reporting period" className="z-10 -mx-3 mb-6 md:sticky md:top-14 border-b border-slate-200 bg-white/95 px-3 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8 dark:border-slate-800 dark:bg-slate-950/95">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-6">
        <SelectField
          label="Period"
          value={state.period}
          onChange={(e) => {
            const preset = e.target.value as Preset;
            // Entering "custom" starts from the dates currently shown, so nothing jumps.
            void setState(preset === "custom" ? { period: preset, from: period.from, to: period.to } : { period: preset, from: null, to: null });
          }}
          options={PRESETS.map((p) => ({ value: p, label: PRESET_LABELS[p] }))}
        />
        {state.period === "custom" ? (
          <>
            <TextField
              label="From"
              type="date"
              value={state.from ?? period.from}
              max={state.to ?? period.to}
              onChange={(e) => e.target.value && void setState({ from: e.target.value })}
            />
            <TextField label="To" type="date" value={state.to ?? period.to} min={state.from ?? period.from} onChange={(e) => e.target.value && void setState({ to: e.target.value })} />
          </>
        ) : null}
        {showGranularity ? (
          <SelectField
            label="Granularity"
            value={state.gran}
            onChange={(e) => void setState({ gran: e.target.value as Granularity })}
            options={GRANULARITIES.map((g) => ({ value: g, label: g === "day" ? "Daily" : g === "week" ? "Weekly (ISO, Monday)" : "Monthly" }))}
          />
        ) : null}
        <div className="col-span-2 md:col-span-1 xl:col-span-2">
          <ZoneSelect value={tz} onChange={(z) => void setState({ tz: z })} />
        </div>
      </div>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" aria-live="polite" data-testid="period-summary">
        <span className="font-medium">{describe(period)}</span> ({period.days} {period.days === 1 ? "day" : "days"}, {tz})
        {compareNote ? <span className="text-slate-600 dark:text-slate-400"> · compared with {describe(previous)}</span> : null}
      </p>
    </section>
  );
}
