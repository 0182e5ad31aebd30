/**
 * The two tables of /alerts (history, delivery log) as column lists: a scroll region with a
 * sticky first column, as every wide table of the dashboard has.
 */
export interface Column<T> {
  header: string;
  cell: (row: T) => React.ReactNode;
  /** keep the cell on one line (times) */
  nowrap?: boolean;
}

const STICKY = "sticky left-0 bg-white dark:bg-slate-900";

export function AlertTable<T extends { id: string }>({ label, testId, columns, rows }: { label: string; testId: string; columns: readonly Column<T>[]; rows: readonly T[] }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
      <table className="min-w-full text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            {columns.map((c, i) => (
              <th key={c.header} scope="col" className={`py-2 pr-3 ${i === 0 ? STICKY : ""}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-slate-100 align-top dark:border-slate-800">
              {columns.map((c, i) => (
                <td key={c.header} className={`py-2 pr-3 ${i === 0 ? STICKY : ""} ${c.nowrap ? "whitespace-nowrap" : ""}`}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
