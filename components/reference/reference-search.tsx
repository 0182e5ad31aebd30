"use client";

import { useTranslations } from "next-intl";
import { useQueryStates, type UseQueryStatesKeysMap } from "nuqs";
import { useDeferredValue } from "react";
import { ErrorBanner, RateLimitNotice } from "@/components/ui/error-banner";
import { TextField } from "@/components/ui/field";
import { TableSkeleton } from "@/components/ui/skeleton";

/**
 * A reference page's filters in the URL (replacing the history entry as one types, not adding
 * one per key), and the search text deferred, so typing stays quick while the list filters.
 */
export function useReferenceFilters<K extends UseQueryStatesKeysMap & { q: { defaultValue: string } }>(keys: K) {
  const [url, setUrl] = useQueryStates(keys, { history: "replace" });
  const query = useDeferredValue(url.q as string);
  return { url, setUrl, query };
}

/**
 * The search form above a reference list (coins, markets): a search box, and the page's own
 * choice as `children`. It filters as one types; submitting does nothing more.
 */
export function ReferenceSearch({ page, value, onSearch, children }: { page: "coins" | "markets"; value: string; onSearch: (text: string) => void; children: React.ReactNode }) {
  const t = useTranslations(page);
  return (
    <form role="search" aria-label={t("filterLabel")} className="mb-4 grid grid-cols-1 gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 dark:border-slate-800 dark:bg-slate-900" onSubmit={(e) => e.preventDefault()}>
      <TextField label={t("search")} type="search" placeholder={t("searchPlaceholder")} value={value} onChange={(e) => onSearch(e.target.value)} autoComplete="off" />
      {children}
    </form>
  );
}

/**
 * A reference list's states before its rows: the 429 wait notice, then the error with Retry, or
 * a skeleton while it loads, or `children` with the list.
 */
export function ReferenceStates<T>({
  query,
  list,
  loadingLabel,
  children,
}: {
  query: { failureReason: unknown; isFetching: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** the list once it is there */
  list: T | undefined;
  loadingLabel: string;
  children: (list: T) => React.ReactNode;
}) {
  return (
    <>
      <RateLimitNotice failureReason={query.failureReason} isFetching={query.isFetching} />
      {query.isError ? <ErrorBanner error={query.error} onRetry={() => void query.refetch()} /> : list === undefined ? <TableSkeleton columns={8} label={loadingLabel} /> : children(list)}
    </>
  );
}
