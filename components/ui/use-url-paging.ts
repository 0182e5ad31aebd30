"use client";

import { useEffect, useState } from "react";
import { correctPaging } from "@/lib/ui/url-state";
import type { Paging } from "./paged-table";

type SetPaging = (values: { page?: number | null; pageSize?: number | null }, options?: { history?: "replace" | "push" }) => unknown;

/**
 * Paging kept in the URL (`page`, `pageSize`: pagingParsers). A link with values out of range
 * (`?page=-1&pageSize=100000`) is corrected to the nearest valid values before any request,
 * the URL is rewritten to them (replacing the history entry), and `notice` says what changed;
 * a page beyond the last one the list has is corrected the same way once the list says how
 * many pages it has (`toLastPage`). A new size starts at page 1.
 */
export function useUrlPaging(url: { page: number; pageSize: number }, setUrl: SetPaging, pageSizes: readonly number[]): Paging {
  const fixed = correctPaging(url.page, url.pageSize, pageSizes);
  // The notice outlives the rewrite (after it the URL is valid and there is nothing to say).
  const [notice, setNotice] = useState<string | null>(null);
  if (fixed.notice && fixed.notice !== notice) setNotice(fixed.notice);
  const broken = fixed.notice !== null;
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
      setNotice(`The link asked for page ${fixed.page.toLocaleString("en-US")}, but there ${last === 1 ? "is 1 page" : `are ${last.toLocaleString("en-US")} pages`}: showing the last.`);
      void setUrl({ page: last === 1 ? null : last }, { history: "replace" });
    },
  };
}
