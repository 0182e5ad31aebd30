"use client";

import { parseAsString, useQueryStates } from "nuqs";
import { useMemo, useState } from "react";
import { periodsOfUrl } from "@/lib/ui/period";
import { isValidTimeZone, UTC } from "@/lib/time/calendar";
import { periodSearch, tzParser } from "@/lib/ui/url-state";
import { usePeriodText } from "./period-text";

/**
 * The reporting period of the current view from the URL (`period`, `from`, `to`, `granularity`,
 * `tz`), resolved to epoch ranges, with the period it is compared with (`compare`,
 * `compareStart`, `compareEnd`: the previous period of the same length by default). `against`
 * and `compareProblem` are in the page's language.
 */
export function usePeriod() {
  const [state, setState] = useQueryStates(periodSearch);
  // "Today" is fixed when the page opens so query keys do not change from render to render.
  const [now] = useState(() => Date.now());
  // (memoised on the fields: `state` is a new object whenever any URL key changes)
  const { period: preset, from, to, compare, compareStart, compareEnd, tz: zone } = state;
  const { tz, period, comparison } = useMemo(
    () => periodsOfUrl({ period: preset, from, to, compare, compareStart, compareEnd, tz: zone }, now),
    [preset, from, to, compare, compareStart, compareEnd, zone, now],
  );
  const text = usePeriodText();
  return { state, setState, tz, period, previous: comparison.period, against: text.against(comparison.against), compareProblem: text.problem(comparison.problem), now };
}

/** Just the display zone, for pages that only show dates. */
export function useTimeZone(): string {
  const [state] = useQueryStates({ tz: tzParser });
  return isValidTimeZone(state.tz) ? state.tz : UTC;
}

/**
 * Whether the URL names the period (`period`, `from` or `to`), or the view shows its default
 * (the last 30 days) because the person chose none: a view whose API picks that default window
 * itself (the sub-affiliate list, whose WEEX read needs a bounded one) leaves the range to it
 * and says which it picked.
 */
export function usePeriodNamed(): boolean {
  const [raw] = useQueryStates(NAMED);
  return raw.period !== null || raw.from !== null || raw.to !== null;
}

/** The period's keys as they are in the URL (no default filled in). */
const NAMED = { period: parseAsString, from: parseAsString, to: parseAsString };
