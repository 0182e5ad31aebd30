"use client";

import type { RangeCheck } from "@/lib/ui/ranges";
import { TextField } from "./field";

/**
 * Two date inputs (interpreted in the view's zone) with the upstream's window rule written
 * next to them, and bounds that stop most invalid choices before they are made.
 */
export function DateRangeFields({
  from,
  to,
  onFrom,
  onTo,
  check,
  tz,
  why,
  fromLabel = "From",
  toLabel = "To",
}: {
  from: string;
  to: string;
  onFrom: (v: string) => void;
  onTo: (v: string) => void;
  check: RangeCheck;
  tz: string;
  /** the rule in words, e.g. "WEEX keeps transfers for one month" */
  why: string;
  fromLabel?: string;
  toLabel?: string;
}) {
  return (
    <>
      <TextField
        label={`${fromLabel} (${tz})`}
        type="date"
        value={from}
        min={check.minDate}
        max={check.maxFromDate}
        onChange={(e) => onFrom(e.target.value)}
        error={check.fromError}
        hint={why}
      />
      <TextField
        label={`${toLabel} (${tz})`}
        type="date"
        value={to}
        min={check.minToDate}
        max={check.maxToDate}
        onChange={(e) => onTo(e.target.value)}
        error={check.toError}
      />
    </>
  );
}
