"use client";

import { useTranslations } from "next-intl";
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { LISTS, type ListKey } from "@/lib/contract/params";
import { useFormat } from "@/components/i18n/use-format";
import { correctPaging, type PagingCorrection } from "@/lib/ui/url-state";
import type { Paging } from "./paged-table";

type SetPaging = (values: { page?: number | null; pageSize?: number | null }, options?: { history?: "replace" | "push" }) => unknown;

/** One page of a list (what a page's query-options.ts factory takes after its filter). */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * A list page's request from its URL: paging (`page`, `pageSize`: pagingParsers) corrected,
 * then the page's query (its query-options.ts factory with the filter and the corrected
 * paging), keeping the last page on screen while the next one loads.
 *
 * A link with values out of range (`?page=-1&pageSize=100000`) is corrected to the nearest
 * valid values before any request, the URL is rewritten to them (replacing the history entry),
 * and `notice` says what changed; a page beyond the last one the list has is corrected the same
 * way once the list says how many pages it has (`toLastPage`, PagedTable). A new size starts
 * at page 1.
 */
export function usePagedQuery<F, T, K extends QueryKey>(
  url: { page: number; pageSize: number },
  setUrl: SetPaging,
  list: ListKey,
  query: (filter: F, paging: PageRequest) => UseQueryOptions<T, Error, T, K>,
  filter: F,
  opts: { enabled?: boolean } = {},
) {
  const paging = useUrlPaging(url, setUrl, LISTS[list].sizes);
  const q = useQuery({ ...query(filter, paging), enabled: opts.enabled, placeholderData: keepPreviousData });
  return { paging, query: q };
}

/** correctPaging's changes in words: "The link asked for values out of range, corrected: page -1 → 1." */
function useCorrectionText(): (c: PagingCorrection) => string {
  const t = useTranslations("ui.paging");
  const { count } = useFormat();
  return (c) => {
    const changes: string[] = [];
    if (c.page) changes.push(t("page", { from: c.page.from, to: c.page.to }));
    if (c.size) changes.push(t("size", { from: count(c.size.from), to: c.size.to, choices: c.size.choices.join(", ") }));
    return t("corrected", { changes: changes.join(t("separator")) });
  };
}

function useUrlPaging(url: { page: number; pageSize: number }, setUrl: SetPaging, pageSizes: readonly number[]): Paging {
  const t = useTranslations("ui.paging");
  const { count } = useFormat();
  const correctionText = useCorrectionText();
  const fixed = correctPaging(url.page, url.pageSize, pageSizes);
  const fixedNotice = fixed.corrected ? correctionText(fixed.corrected) : null;
  // The notice outlives the rewrite (after it the URL is valid and there is nothing to say).
  const [notice, setNotice] = useState<string | null>(null);
  if (fixedNotice && fixedNotice !== notice) setNotice(fixedNotice);
  const broken = fixed.corrected !== null;
  useEffect(() => {
    if (broken) void setUrl({ page: fixed.page === 1 ? null : fixed.page, pageSize: fixed.size }, { history: "replace" });
  }, [broken, fixed.page, fixed.size, setUrl]);
  return {
    page: fixed.page,
    pageSize: fixed.size,
    pageSizes,
    notice,
    onPage: (page) => {
      setNotice(null);
      void setUrl({ page });
    },
    onPageSize: (size) => {
      setNotice(null);
      void setUrl({ pageSize: size, page: null });
    },
    toLastPage: (last) => {
      setNotice(t("beyond", { page: count(fixed.page), last }));
      void setUrl({ page: last === 1 ? null : last }, { history: "replace" });
    },
  };
}
