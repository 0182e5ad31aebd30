import type { ReactNode } from "react";

/** The line above a list: what the actions cover (left) and the actions, e.g. "Export CSV" (right). */
export function ListToolbar({ note, children }: { note: ReactNode; children: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-slate-600 dark:text-slate-400">{note}</p>
      {children}
    </div>
  );
}
