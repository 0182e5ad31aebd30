"use client";

import { useTranslations } from "next-intl";
import type { Against, RangeProblem } from "@/lib/ui/period";

/**
 * The period's words in the page's language: what it is compared with ("previous 30 days")
 * and what is wrong with a custom range (lib/ui/period.ts gives ids and values).
 */
export function usePeriodText() {
  const t = useTranslations("period");
  return {
    against: (a: Against): string => (a.kind === "previous" ? t("against.previous", { days: a.days }) : a.kind === "year" ? t("against.year", { range: a.range }) : a.range),
    problem: (p: RangeProblem | null): string | null => (p === null ? null : p.id === "tooLong" ? t("problems.tooLong", { max: p.max, days: p.days }) : t(`problems.${p.id}`)),
  };
}
