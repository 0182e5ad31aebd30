/** The list shape every dashboard list answers with, from one page of items and the total. */
export function listPage<T>(items: T[], total: number, page: number, pageSize: number) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return { items, page, pageSize, total, pages, hasNextPage: page < pages };
}
