"use client";

import { useTranslations } from "next-intl";
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTable, type ColumnDef, type RowData } from "@tanstack/react-table";
import { stickyFirstColumn, stickyFirstHeader, tableFeaturesCore, type CoreFeatures } from "./table-columns";

export interface DataTableProps<T extends RowData> {
  columns: ColumnDef<CoreFeatures, T, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- column values differ per column
  data: readonly T[];
  /** the table's caption: what the rows are and which filter made them */
  caption: React.ReactNode;
  getRowId?: (row: T, index: number) => string;
  /** dim the rows while the next page loads over them */
  stale?: boolean;
  testId?: string;
}

/**
 * A semantic table (caption, column headers with scope) over TanStack Table v9's core row
 * model. Wide tables scroll inside their own region, which is focusable for keyboard users,
 * with the first (identifying) column kept in view; the region is `relative` so visually
 * hidden (absolutely positioned) text inside it cannot widen the page.
 */
export function DataTable<T extends RowData>({ columns, data, caption, getRowId, stale, testId }: DataTableProps<T>) {
  const t = useTranslations("ui");
  const table = useTable({ features: tableFeaturesCore, columns, data, getRowId });
  const rows = table.getRowModel().rows;
  const shown = useProgressiveCount(data, rows.length);
  const { bodyRef, spacerRef } = useReservedRows(shown, rows.length);
  return (
    <div
      className="relative overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-slate-800"
      tabIndex={0}
      role="region"
      aria-label={typeof caption === "string" ? caption : t("table")}
      data-testid={testId}
    >
      <table className={`min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800 ${stale ? "opacity-60" : ""}`} aria-busy={stale || shown < rows.length || undefined}>
        <caption className="px-3 py-2 text-left text-sm text-slate-600 dark:text-slate-400">{caption}</caption>
        <thead className="bg-slate-50 dark:bg-slate-800/60">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header, i) => (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={header.column.columnDef.meta?.sortedDescending ? "descending" : undefined}
                  className={`whitespace-nowrap px-3 py-2 font-semibold text-slate-700 dark:text-slate-200 ${header.column.columnDef.meta?.numeric ? "text-right" : "text-left"} ${i === 0 ? stickyFirstHeader : ""}`}
                >
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody ref={bodyRef} className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.slice(0, shown).map((row) => (
            <tr key={row.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
              {row.getAllCells().map((cell, i) => {
                const meta = cell.column.columnDef.meta;
                return (
                  <td key={cell.id} className={`px-3 py-2 align-top ${meta?.numeric ? "text-right tabular-nums" : ""} ${meta?.nowrap ? "whitespace-nowrap" : ""} ${i === 0 ? stickyFirstColumn : ""}`}>
                    <table.FlexRender cell={cell} />
                  </td>
                );
              })}
            </tr>
          ))}
          {shown < rows.length && (
            <tr ref={spacerRef} aria-hidden="true" data-testid="rows-to-come">
              <td colSpan={table.getAllLeafColumns().length} className="p-0" />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * While the rest of the rows are still to come, an empty row of their height keeps the table
 * at its final size, so what sits below it (the pager) does not jump down when they arrive
 * (layout shift: /invitees measured CLS 0.127 without it). Their height is that of the rows
 * already shown, set on the element before the browser paints (no extra render).
 *
 * Measured in the animation frame before that paint, not in the commit: reading a size makes
 * the browser lay the page out there and then, and inside the commit that layout (~14 ms for a
 * phone's first screenful of rows on a desktop CPU) lengthened React's task into a long one
 * that blocks input; in the frame it is the layout the paint needs anyway, in a task of its own.
 */
function useReservedRows(shown: number, total: number) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const spacerRef = useRef<HTMLTableRowElement>(null);
  useLayoutEffect(() => {
    if (shown === 0 || shown >= total) return;
    const frame = requestAnimationFrame(() => {
      const body = bodyRef.current;
      const spacer = spacerRef.current;
      if (!body || !spacer) return;
      const rowsHeight = body.getBoundingClientRect().height - spacer.getBoundingClientRect().height;
      spacer.style.height = `${(rowsHeight / shown) * (total - shown)}px`;
    });
    return () => cancelAnimationFrame(frame);
  }, [shown, total]);
  return { bodyRef, spacerRef };
}

/**
 * Rows rendered at once; the rest follows right after. Each row of formatted amounts costs a
 * phone ~5 ms, all in the one task that shows the answer: six rows are what a phone shows of a
 * list below its page's filters, and keep that task short (twelve made it ~24 ms on a desktop
 * CPU, a long task on a phone).
 */
const FIRST_ROWS = 6;

/**
 * How many rows of `data` to render: the first FIRST_ROWS straight away, then all of them in a
 * transition, which React renders in short slices, so a long page neither delays the first
 * paint nor blocks input while it fills in (orders allow 1000 rows a page). The table is
 * aria-busy until every row is there. Starts over when a new page of data arrives.
 */
function useProgressiveCount(data: unknown, total: number): number {
  const [state, setState] = useState({ data, count: Math.min(total, FIRST_ROWS) });
  let count = state.count;
  if (state.data !== data) {
    count = Math.min(total, FIRST_ROWS);
    setState({ data, count });
  }
  useEffect(() => {
    if (count < total) startTransition(() => setState({ data, count: total }));
  }, [data, count, total]);
  return Math.min(count, total);
}
