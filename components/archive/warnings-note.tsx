/**
 * "2 records from WEEX could not be used": the `warnings` of a list or series answer (issue 11).
 * Records WEEX sent that the dashboard cannot use are left out of the table and the sums, and
 * said here with an example, never dropped silently; the CSV export still contains them.
 */
import type { Warnings } from "@/lib/weex/record-problems";

export function WarningsNote({ warnings }: { warnings: Warnings | undefined }) {
  if (!warnings || warnings.count === 0) return null;
  const n = warnings.count;
  const e = warnings.example;
  return (
    <p role="status" className="rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-testid="record-warnings">
      {n.toLocaleString("en-US")} record{n === 1 ? "" : "s"} from WEEX could not be used and {n === 1 ? "is" : "are"} left out here (the CSV export
      contains {n === 1 ? "it" : "them"} as received)
      {e ? (
        <>
          , e.g. <code>{e.path}</code> = <code>{e.value}</code>: {e.reason}
        </>
      ) : null}
      .
    </p>
  );
}
