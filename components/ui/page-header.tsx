/** The page title (the one h1) and a sentence saying what the page answers. */
export function PageHeader({ title, description, actions }: { title: string; description?: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/**
 * A titled card. `min-w-0`: a section is often a grid or flex item, whose minimum width is its
 * content's by default; a wide table inside (long amounts and ids) must scroll in its own region
 * instead of widening the section and with it the page on a phone.
 */
export function Section({ title, description, children, actions, id }: { title: string; description?: React.ReactNode; children: React.ReactNode; actions?: React.ReactNode; id?: string }) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-base font-semibold">{title}</h2>
          {description ? <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
