/** An alerts list's answer in the list shape every dashboard list answers with, from one page of rows and the total. */
export function alertListAnswer<T>(items: T[], total: number, q: { page: number; pageSize: number }) {
  const pages = Math.max(1, Math.ceil(total / q.pageSize));
  return { items, page: q.page, pageSize: q.pageSize, total, pages, hasNextPage: q.page < pages };
}
