"use client";

import { useId } from "react";

/** A segmented radio group: a fieldset with a legend, arrow keys move between choices. */
export function ChoiceGroup<T extends string>({
  legend,
  value,
  options,
  onChange,
  error,
  name,
}: {
  legend: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (v: T) => void;
  error?: string | null;
  name?: string;
}) {
  const auto = useId();
  const errorId = error ? `${auto}-error` : undefined;
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      <div className="inline-flex flex-wrap gap-1 rounded-md bg-slate-100 p-1 dark:bg-slate-800">
        {options.map((o) => (
          <label
            key={o.value}
            className="cursor-pointer rounded px-3 py-1.5 text-sm has-[:checked]:bg-white has-[:checked]:font-semibold has-[:checked]:text-sky-900 has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-sky-600 dark:has-[:checked]:bg-slate-950 dark:has-[:checked]:text-sky-200"
          >
            <input type="radio" className="sr-only" name={name ?? auto} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
