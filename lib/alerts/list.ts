/** Paging of the alerts lists: the dashboard's list shape (the query fields: lib/contract/alerts.ts). */
export { alertPaging as pagingFields } from "@/lib/contract/alerts";

/** The list shape every dashboard list answers with, from one page of items and the total. */
export function listPage<T>(items: T[], total: number, q: { page: number; pageSize: number }) {
  const pages = Math.max(1, Math.ceil(total / q.pageSize));
  return { items, page: q.page, pageSize: q.pageSize, total, pages, hasNextPage: q.page < pages };
}
