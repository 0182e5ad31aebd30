"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorBanner } from "./error-banner";
import { TableSkeleton } from "./skeleton";
import { tableHeadClass } from "./styles";
import { stickyFirstColumn } from "./table-columns";

/**
 * A short table drawn whole, as the admin and settings pages show theirs (users, audit log, API
 * tokens): it scrolls sideways inside its box, its caption is for screen readers, and its first
 * column (what names the row) stays in view. `columns` are the header cells' words, in order.
 */
export function PlainTable({ caption, columns, testId, children }: { caption: string; columns: readonly string[]; testId?: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className={tableHeadClass}>
          <tr>
            {columns.map((label, i) => (
              <th key={i} scope="col" className={i === 0 ? `py-2 pr-4 ${stickyFirstColumn}` : i === columns.length - 1 ? "py-2" : "py-2 pr-4"}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A query's states before its answer, as the admin and settings pages show them: a table's
 * skeleton while it loads, the error with Retry, then `children` with the answer.
 */
export function QueryStates<T>({
  query,
  skeleton,
  children,
}: {
  query: UseQueryResult<T>;
  /** the skeleton's shape and what it announces */
  skeleton: { rows: number; columns: number; label: string };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <TableSkeleton {...skeleton} />;
  if (query.isError) return <ErrorBanner error={query.error} onRetry={() => query.refetch()} />;
  return children(query.data);
}
