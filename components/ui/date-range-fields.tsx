"use client";

import { useTranslations } from "next-intl";
import type { RangeCheck, RangeProblem } from "@/lib/ui/ranges";
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
  fromLabel,
  toLabel,
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
  const t = useTranslations("period");
  const ui = useTranslations("ui");
  const say = (p: RangeProblem | null) => (p === null ? null : p.id === "tooOld" ? t("ranges.tooOld", { days: p.days, oldest: p.oldest }) : p.id === "tooLong" ? t("ranges.tooLong", { days: p.days, latest: p.latest }) : t(`ranges.${p.id}`));
  // The two ends: the start carries the rule in words; each end has its own bounds and problem.
  const ends = [
    { end: "from", label: fromLabel ?? t("from"), value: from, min: check.minDate, max: check.maxFromDate, set: onFrom, problem: check.fromError, hint: why },
    { end: "to", label: toLabel ?? t("to"), value: to, min: check.minToDate, max: check.maxToDate, set: onTo, problem: check.toError, hint: undefined },
  ];
  return (
    <>
      {ends.map((e) => (
        <TextField key={e.end} label={ui("dateLabel", { label: e.label, tz })} type="date" value={e.value} min={e.min} max={e.max} onChange={(ev) => e.set(ev.target.value)} error={say(e.problem)} hint={e.hint} />
      ))}
    </>
  );
}
