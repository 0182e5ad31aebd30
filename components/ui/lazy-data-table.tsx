"use client";

import dynamic from "next/dynamic";
import { useEffect } from "react";
import type { DataTable as DataTableComponent } from "./data-table";
import { TableSkeleton } from "./skeleton";

/**
 * The table (TanStack Table's row model) is not part of a list page's first load: the rows
 * come from the browser's own request after the page has loaded, so the server never renders
 * a table, and the code can arrive beside that request instead of before the page responds.
 * Until both are there the page shows its skeleton.
 */
const load = () => import("./data-table");

export const LazyDataTable = dynamic(() => load().then((m) => m.DataTable), {
  ssr: false,
  loading: () => <TableSkeleton columns={6} label="Loading the table" />,
}) as typeof DataTableComponent;

/** Starts loading the table's code on mount, so it is there by the time the rows are. */
export function usePreloadDataTable(): void {
  useEffect(() => {
    void load().catch(() => undefined); // LazyDataTable tries again (and shows its error) when it renders
  }, []);
}
