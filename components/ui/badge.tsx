import { useTranslations } from "next-intl";

export type Tone = "neutral" | "good" | "bad" | "warn" | "info";

const TONES: Record<Tone, string> = {
  neutral: "bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600",
  good: "bg-emerald-50 text-emerald-800 ring-emerald-600/40 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-500/40",
  bad: "bg-red-50 text-red-800 ring-red-600/40 dark:bg-red-950 dark:text-red-200 dark:ring-red-500/40",
  warn: "bg-amber-50 text-amber-900 ring-amber-600/40 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-500/40",
  info: "bg-sky-50 text-sky-800 ring-sky-600/40 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-500/40",
};

/** A status label; the text carries the meaning, the colour only repeats it. */
export function Badge({ tone = "neutral", children, title }: { tone?: Tone; children: React.ReactNode; title?: string }) {
  return (
    <span title={title} className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}>
      {children}
    </span>
  );
}

/** Yes/No flags of reference data. */
export function FlagBadge({ value, yes, no }: { value: boolean | null | undefined; yes?: string; no?: string }) {
  const t = useTranslations("common");
  if (value === null || value === undefined) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  return <Badge tone={value ? "good" : "neutral"}>{value ? (yes ?? t("yes")) : (no ?? t("no"))}</Badge>;
}
