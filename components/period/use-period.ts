"use client";

import { useQueryStates } from "nuqs";
import { useMemo, useState } from "react";
import { previousPeriod, resolvePeriod } from "@/lib/ui/period";
import { isValidTimeZone, UTC } from "@/lib/ui/time";
import { periodSearch } from "@/app/(app)/search-params";
import { tzParser } from "@/lib/ui/url-state";

/**
 * The reporting period of the current view from the URL (`period`, `from`, `to`, `granularity`,
 * `tz`), resolved to epoch ranges, with the previous period of the same length.
 */
export function usePeriod() {
  const [state, setState] = useQueryStates(periodSearch);
  // "Today" is fixed when the page opens so query keys do not change from render to render.
  const [now] = useState(() => Date.now());
  const tz = isValidTimeZone(state.tz) ? state.tz : UTC;
  const period = useMemo(() => resolvePeriod(state.period, tz, now, { from: state.from, to: state.to }), [state.period, state.from, state.to, tz, now]);
  const previous = useMemo(() => previousPeriod(period, tz), [period, tz]);
  return { state, setState, tz, period, previous, now };
}

/** Just the display zone, for pages that only show dates. */
export function useTimeZone(): string {
  const [state] = useQueryStates({ tz: tzParser });
  return isValidTimeZone(state.tz) ? state.tz : UTC;
}
