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
  return (
    <>
      <TextField
        label={ui("dateLabel", { label: fromLabel ?? t("from"), tz })}
        type="date"
        value={from}
        min={check.minDate}
        max={check.maxFromDate}
        onChange={(e) => onFrom(e.target.value)}
        error={say(check.fromError)}
        hint={why}
      />
      <TextField
        label={ui("dateLabel", { label: toLabel ?? t("to"), tz })}
        type="date"
        value={to}
        min={check.minToDate}
        max={check.maxToDate}
        onChange={(e) => onTo(e.target.value)}
        error={say(check.toError)}
      />
    </>
  );
}
