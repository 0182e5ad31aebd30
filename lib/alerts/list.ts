/** Paging of the alerts lists: the query fields and the dashboard's list shape. */
import { inInt } from "@/lib/weex/wire";

/** `page` (from 1) and `pageSize` (≤ 200, default 50), to spread into a query schema. */
export const pagingFields = {
  page: inInt(1, 1_000_000).optional().default(1),
  pageSize: inInt(1, 200).optional().default(50),
};

/** The list shape every dashboard list answers with, from one page of items and the total. */
export function listPage<T>(items: T[], total: number, q: { page: number; pageSize: number }) {
  const pages = Math.max(1, Math.ceil(total / q.pageSize));
  return { items, page: q.page, pageSize: q.pageSize, total, pages, hasNextPage: q.page < pages };
}
