/**
 * WEEX's paging: what a paged endpoint calls its page number and size in the request, which of
 * its answer's fields carry the paging facts, and the page of records it answers (`WeexPage`).
 * Every paged answer is read by one function, `weexPage`, driven by the table entry's `paging`.
 *
 * No zod here: the pages import the `WeexPage` type too.
 */
import type { RejectedRecord } from "./record-problems";

/** The paging facts of a page, each by the name of the answer's field that carries it. */
export type AnswerPaging = Partial<Record<"page" | "pageSize" | "total" | "pages" | "hasNextPage", string>>;

export interface Paging {
  /** upstream name of the page number (from 1) */
  page: string;
  /** upstream name of the page size */
  size: string;
  defaultSize: number;
  maxSize: number;
  /**
   * the answer's fields that carry its paging facts; absent: `pageSize`, `total` and `pages`
   * under those names, as most of WEEX's lists answer. A fact not named is not known.
   */
  answer?: AnswerPaging;
}

/**
 * How most of WEEX's lists are paged: `page` (from 1) and `pageSize`, 100 records a page
 * unless asked otherwise (weex-facts.md: where no maximum is documented, 100 is the safe size).
 */
export function usualPaging(maxSize: number): Paging {
  return { page: "page", size: "pageSize", defaultSize: 100, maxSize };
}

/** The paging facts most of WEEX's lists answer, under these names (the page number they do not). */
const USUAL_ANSWER: AnswerPaging = { pageSize: "pageSize", total: "total", pages: "pages" };

/** One page of WEEX's records, in the dashboard's list shape (dashboard-api.md, "Response shapes"). */
export interface WeexPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number | null;
  pages: number | null;
  hasNextPage: boolean;
  /** records of this page that could not be used (client side only; answers carry `warnings`) */
  rejected?: RejectedRecord[];
}

/** What the codec adds to a list answer whose records it parsed one by one. */
export interface Decoded {
  rejected?: RejectedRecord[];
}

/** What `weexPage` reads of an endpoint's table entry. */
export interface PagedEntry {
  paging?: Paging;
  /** the answer's field holding the records; absent: the answer is a bare array of them */
  items?: { field: string };
}

/**
 * A paged endpoint's parsed answer as a page: its records, those set aside, and the paging
 * facts the answer carries. Where WEEX does not say, the page and size asked, and there is a
 * next page only if this one was full.
 */
export function weexPage(ep: PagedEntry, result: unknown, page: number, pageSize: number): WeexPage<unknown> {
  const answer = result as Record<string, unknown> & Decoded;
  const items = (ep.items ? answer[ep.items.field] : answer) as unknown[];
  const rejected = Array.isArray(answer) ? undefined : answer.rejected;
  const names = ep.paging?.answer ?? USUAL_ANSWER;
  const fact = <T>(name: keyof AnswerPaging): T | undefined => {
    const field = names[name];
    return field === undefined || Array.isArray(answer) ? undefined : (answer[field] as T | undefined);
  };
  const pages = fact<number>("pages") ?? null;
  const pageNumber = fact<number>("page") ?? page;
  // (total, pages and hasNextPage are the upstream's: a set-aside record still takes its place in a page)
  return {
    items,
    ...(rejected?.length ? { rejected } : {}),
    page: pageNumber,
    pageSize: fact<number>("pageSize") ?? pageSize,
    total: fact<number>("total") ?? null,
    pages,
    hasNextPage: fact<boolean>("hasNextPage") ?? (pages !== null ? pageNumber < pages : items.length + (rejected?.length ?? 0) === pageSize),
  };
}
