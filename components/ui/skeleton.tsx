import { useTranslations } from "next-intl";

/** Grey placeholders with the shape of what is loading; announced once as "Loading". */
export function Skeleton({ className = "" }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded bg-slate-200 dark:bg-slate-800 ${className}`} />;
}

export function LoadingRegion({ label, children }: { label?: string; children: React.ReactNode }) {
  const t = useTranslations("ui.loading");
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{t("announce", { label: label ?? t("default") })}</span>
      {children}
    </div>
  );
}

export function TableSkeleton({ rows = 8, columns = 5, label }: { rows?: number; columns?: number; label?: string }) {
  const t = useTranslations("ui.loading");
  return (
    <LoadingRegion label={label ?? t("rows")}>
      <div className="space-y-2" data-testid="table-skeleton">
        <Skeleton className="h-8 w-full" />
        {Array.from({ length: rows }, (_, r) => (
          <div key={r} className="grid gap-2" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
            {Array.from({ length: columns }, (_, c) => (
              <Skeleton key={c} className="h-6" />
            ))}
          </div>
        ))}
      </div>
    </LoadingRegion>
  );
}

export function ChartSkeleton({ height = 260, label }: { height?: number; label?: string }) {
  const t = useTranslations("ui.loading");
  return (
    <LoadingRegion label={label ?? t("chart")}>
      <Skeleton className="w-full" />
      <div aria-hidden="true" className="animate-pulse rounded bg-slate-200 dark:bg-slate-800" style={{ height }} />
    </LoadingRegion>
  );
}
