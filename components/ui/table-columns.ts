import { createColumnHelper, tableFeatures, type RowData } from "@tanstack/react-table";

/**
 * What a page needs to describe its table's columns, apart from the table itself
 * (./data-table.tsx, TanStack Table's row model): the pages import this on their first load,
 * the table comes when the rows do (./lazy-data-table.tsx).
 */

/** Per-column presentation hints (TanStack Table v9 type-only `columnMeta` slot). */
export interface ColumnHints {
  /** right-align numbers so digits line up */
  numeric?: boolean;
  /** keep long ids from squeezing other columns */
  nowrap?: boolean;
  /** the server orders the rows by this column, largest first (aria-sort on its header) */
  sortedDescending?: boolean;
}

/** The feature set of every table here: core only, since paging, filtering and sorting happen on the server. */
export const tableFeaturesCore = tableFeatures({ columnMeta: {} as ColumnHints });
export type CoreFeatures = typeof tableFeaturesCore;

export function columnHelper<T extends RowData>() {
  return createColumnHelper<CoreFeatures, T>();
}

/**
 * The first column names the row (a UID, an id): it stays in view while a wide table scrolls
 * sideways. Opaque so the scrolled cells pass under it.
 */
export const stickyFirstColumn = "sticky left-0 z-[1] bg-white dark:bg-slate-950";
export const stickyFirstHeader = "sticky left-0 z-[2] bg-slate-50 dark:bg-slate-900";
