/** What an empty result means and what to try next, instead of a bare empty table. */
export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700" data-testid="empty-state">
      <p className="font-medium text-slate-800 dark:text-slate-100">{title}</p>
      {children ? <div className="mt-2 text-sm text-slate-600 dark:text-slate-400">{children}</div> : null}
    </div>
  );
}
