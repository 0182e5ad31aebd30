import { useLocale } from "next-intl";
import { formatDecimal } from "@/lib/ui/format";

/** A decimal string shown exactly, grouped, tabular; the raw value stays in the title. */
export function Amount({ value, className = "" }: { value: string | null | undefined; className?: string }) {
  // useLocale, not useFormat: works in server components too.
  const locale = useLocale();
  if (value === null || value === undefined || value === "") return <span className="text-slate-500 dark:text-slate-400">—</span>;
  return (
    <span className={`whitespace-nowrap tabular-nums ${className}`} title={value}>
      {formatDecimal(value, { locale })}
    </span>
  );
}
