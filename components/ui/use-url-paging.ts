"use client";

import { useTranslations } from "next-intl";
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { useQueryStates, type parseAsInteger, type SetValues, type UseQueryStatesKeysMap, type Values } from "nuqs";
import { useDeferredValue, useEffect, useState } from "react";
import { LISTS, type ListKey } from "@/lib/contract/params";
import { useFormat } from "@/components/i18n/use-format";
import type { Paging } from "./paged-table";

type SetPaging = (values: { page?: number | null; pageSize?: number | null }, options?: { history?: "replace" | "push" }) => unknown;

/** One page of a list (what a page's query-options.ts factory takes after its URL state). */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** `page` and `pageSize` of a list page's URL, each with its default (search-params.ts). */
type PagingParsers = { page: ReturnType<typeof parseAsInteger.withDefault>; pageSize: ReturnType<typeof parseAsInteger.withDefault> };
/** A list page's URL state (its search-params.ts): filters plus `page` and `pageSize`. */
type PagedSearch = UseQueryStatesKeysMap & PagingParsers;

/**
 * A list page's URL state and its request, in one step: the page's search-params read from
 * the URL, paging (`page`, `pageSize`) corrected, then the page's query (its query-options.ts
 * factory with the URL state, the corrected paging and `context`, what the URL does not hold:
 * the period, the zone; it may say `enabled: false` while a required filter is missing),
 * keeping the last page on screen while the next one loads. The view
 * gets the URL state back for its filters and never handles the paging itself.
 *
 * A link with values out of range (`?page=-1&pageSize=100000`) is corrected to the nearest
 * valid values before any request, the URL is rewritten to them (replacing the history entry),
 * and `notice` says what changed; a page beyond the last one the list has is corrected the same
 * way once the list says how many pages it has (`toLastPage`, PagedTable). A new size starts
 * at page 1.
 */
export function usePagedQuery<S extends PagedSearch, C, T, K extends QueryKey>(
  search: S,
  list: ListKey,
  query: (url: Values<S>, paging: PageRequest, context: C) => UseQueryOptions<T, Error, T, K>,
  context: C,
): { url: Values<S>; setUrl: SetValues<S>; paging: Paging; query: ReturnType<typeof useQuery<T, Error, T, K>> } {
  const [url, setUrl] = useQueryStates(search);
  const { page, pageSize } = url as Values<PagingParsers>;
  const paging = useUrlPaging({ page, pageSize }, setUrl as SetPaging, LISTS[list].sizes);
  // rendered in the background like useRouteQuery's answers (use-api-query.ts)
  const q = useDeferredValue(useQuery({ placeholderData: keepPreviousData, ...query(url, paging, context) }));
  return { url, setUrl, paging, query: q };
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

/**
 * Paging values from a link corrected to the nearest valid ones: a page below 1 becomes 1, a
 * size outside `allowed` the nearest allowed size (100000 → the largest). `corrected` names
 * what was changed (null when nothing was), for the notice said once in the page's language
 * (useCorrectionText); the caller writes the corrected values back into the URL so the link on
 * screen is a valid one.
 */
export function correctPaging(page: number, size: number, allowed: readonly number[]): { page: number; size: number; corrected: PagingCorrection | null } {
  const validPage = Number.isSafeInteger(page) && page >= 1 ? page : 1;
  const validSize = allowed.includes(size) ? size : nearest(size, allowed);
  const corrected: PagingCorrection = {};
  if (validPage !== page) corrected.page = { from: page, to: validPage };
  if (validSize !== size) corrected.size = { from: size, to: validSize, choices: allowed };
  return { page: validPage, size: validSize, corrected: corrected.page || corrected.size ? corrected : null };
}

/** What correctPaging changed in a link: the page, the page size (with the sizes there are). */
export interface PagingCorrection {
  page?: { from: number; to: number };
  size?: { from: number; to: number; choices: readonly number[] };
}

function nearest(n: number, allowed: readonly number[]): number {
  if (!Number.isFinite(n)) return allowed[0];
  return allowed.reduce((best, a) => (Math.abs(a - n) < Math.abs(best - n) ? a : best), allowed[0]);
}
