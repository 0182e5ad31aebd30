import { useTranslations } from "next-intl";

const BLOCK = "rounded bg-slate-200 dark:bg-slate-800";

/**
 * Grey placeholders with the shape of what is loading; announced once as "Loading". They pulse
 * only for people who have not asked their system for less motion (WCAG 2.3.3).
 */
export function Skeleton({ className = "" }: { className?: string }) {
  return <div aria-hidden="true" className={`motion-safe:animate-pulse ${BLOCK} ${className}`} />;
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
      {/* One animation for the whole placeholder, not one per block: a six-column list's 49
          pulsing blocks were 49 animations (and layers) for the browser to run while the page
          loads, and to cancel in the task that shows the rows (~8 ms of a desktop CPU, a long
          task on a phone). */}
      <div aria-hidden="true" className="motion-safe:animate-pulse space-y-2" data-testid="table-skeleton">
        <div className={`${BLOCK} h-8 w-full`} />
        {Array.from({ length: rows }, (_, r) => (
          <div key={r} className="grid gap-2" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
            {Array.from({ length: columns }, (_, c) => (
              <div key={c} className={`${BLOCK} h-6`} />
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
      <div aria-hidden="true" className={`motion-safe:animate-pulse ${BLOCK}`} style={{ height }} />
    </LoadingRegion>
  );
}
