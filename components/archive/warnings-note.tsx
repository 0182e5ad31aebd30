/**
 * "2 records from WEEX could not be used": the `warnings` of a list or series answer.
 * Records WEEX sent that the dashboard cannot use are left out of the table and the sums, and
 * said here with an example, never dropped silently; the CSV export still contains them.
 */
import { useTranslations } from "next-intl";
import type { Warnings } from "@/lib/weex/record-problems";

export function WarningsNote({ warnings }: { warnings: Warnings | undefined }) {
  const t = useTranslations("archive.warnings");
  if (!warnings || warnings.count === 0) return null;
  const n = warnings.count;
  const e = warnings.example;
  return (
    <p role="status" className="rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-testid="record-warnings">
      {t("leftOut", { count: n })}
      {e ? t.rich("example", { path: e.path, value: e.value, reason: e.reason, code: (c) => <code>{c}</code> }) : null}
      {t("end")}
    </p>
  );
}
