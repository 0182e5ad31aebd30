/** Grey placeholders with the shape of what is loading; announced once as "Loading". */
export function Skeleton({ className = "" }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded bg-slate-200 dark:bg-slate-800 ${className}`} />;
}

export function LoadingRegion({ label = "Loading", children }: { label?: string; children: React.ReactNode }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{label}…</span>
      {children}
    </div>
  );
}

export function TableSkeleton({ rows = 8, columns = 5, label = "Loading rows" }: { rows?: number; columns?: number; label?: string }) {
  return (
    <LoadingRegion label={label}>
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

export function ChartSkeleton({ height = 260, label = "Loading chart" }: { height?: number; label?: string }) {
  return (
    <LoadingRegion label={label}>
      <Skeleton className="w-full" />
      <div aria-hidden="true" className="animate-pulse rounded bg-slate-200 dark:bg-slate-800" style={{ height }} />
    </LoadingRegion>
  );
}
