"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { RowData } from "@tanstack/react-table";
import { useEffect, type ReactNode } from "react";
import { FreshnessNote } from "@/components/archive/freshness-note";
import { WarningsNote } from "@/components/archive/warnings-note";
import type { DataTableProps } from "./data-table";
import { ErrorBanner, RateLimitNotice } from "./error-banner";
import { LazyDataTable, usePreloadDataTable } from "./lazy-data-table";
import { Pager } from "./pager";
import { TableSkeleton } from "./skeleton";
import type { ListPage } from "@/lib/contract/responses";

export interface PagedTableProps<T extends RowData> extends Pick<DataTableProps<T>, "columns" | "caption" | "getRowId" | "testId"> {
  /** the list query (useApiQuery with keepPrevious, so a page stays on screen while the next loads) */
  query: UseQueryResult<ListPage<T>>;
  /** what the rows are, for the pager's landmark ("Internal transfers") */
  label: string;
  /** announced while the first page loads */
  loadingLabel: string;
  /** shown instead of an empty table: what the filters found nothing for, and what to try */
  empty: ReactNode;
  paging: Paging;
}

export interface Paging {
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  /** what was corrected in an out-of-range link (useUrlPaging), said once above the table */
  notice?: string | null;
  /** go to the last page instead of one beyond it (the URL is rewritten, and it is said once) */
  toLastPage?: (last: number) => void;
}

/**
 * One server-paged list as every list page shows it: the 429 wait notice, then an error with
 * Retry, a skeleton, the empty state, or the table with its pager and where the data came from.
 */
export function PagedTable<T extends RowData>({ query: q, label, loadingLabel, empty, paging, ...table }: PagedTableProps<T>) {
  // A page beyond the last (`?page=999`): the answer is empty but says how many pages there are.
  const last = q.data && !q.isPlaceholderData ? q.data.pages : null;
  const beyond = last !== null && last >= 1 && paging.page > last;
  const { toLastPage } = paging;
  usePreloadDataTable();
  useEffect(() => {
    if (beyond && toLastPage) toLastPage(last);
  }, [beyond, last, toLastPage]);
  return (
    <>
      {paging.notice ? (
        <p role="status" className="mb-2 text-sm text-amber-800 dark:text-amber-300" data-testid="paging-notice">
          {paging.notice}
        </p>
      ) : null}
      <RateLimitNotice failureReason={q.failureReason} isFetching={q.isFetching} />
      {q.isError ? (
        <ErrorBanner error={q.error} onRetry={() => void q.refetch()} />
      ) : q.isPending ? (
        <TableSkeleton columns={6} label={loadingLabel} />
      ) : q.data.items.length === 0 ? (
        empty
      ) : (
        <>
          <LazyDataTable {...table} data={q.data.items} stale={q.isPlaceholderData} />
          <Pager label={label} {...paging} list={q.data} busy={q.isFetching} />
          <FreshnessNote freshness={q.data.freshness} />
          <WarningsNote warnings={q.data.warnings} />
        </>
      )}
    </>
  );
}
