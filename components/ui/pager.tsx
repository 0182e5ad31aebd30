"use client";

import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/use-format";
import { buttonSecondary, inputClass } from "./styles";

export interface PagerProps {
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  /** the list response (dashboard list shape); total/pages are null where the upstream does not say */
  list: { items: readonly unknown[]; total: number | null; pages: number | null; hasNextPage: boolean };
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  busy?: boolean;
  label: string;
}

/** Previous/next paging over a server-paged list; says where you are and how much there is. */
export function Pager({ page, pageSize, pageSizes, list, onPage, onPageSize, busy, label }: PagerProps) {
  const t = useTranslations("ui.pager");
  const { count } = useFormat();
  const { total, pages, hasNextPage } = list;
  const rowsOnPage = list.items.length;
  const first = rowsOnPage ? (page - 1) * pageSize + 1 : 0;
  const last = (page - 1) * pageSize + rowsOnPage;
  return (
    <nav aria-label={t("label", { label })} className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite" className="text-slate-700 dark:text-slate-300">
        {rowsOnPage ? t("rows", { first: count(first), last: count(last) }) : t("noRows")}
        {total !== null ? t("ofTotal", { total: count(total) }) : ""}
        {t("page", { page: count(page) })}
        {pages !== null ? t("ofPages", { pages: count(Math.max(pages, 1)) }) : ""}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2">
          <span className="whitespace-nowrap">{t("rowsPerPage")}</span>
          <select className={`${inputClass} w-auto py-1`} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
            {pageSizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className={buttonSecondary} onClick={() => onPage(1)} disabled={page <= 1 || busy}>
          {t("first")}
        </button>
        <button type="button" className={buttonSecondary} onClick={() => onPage(page - 1)} disabled={page <= 1 || busy}>
          {t("previous")}
        </button>
        <button type="button" className={buttonSecondary} onClick={() => onPage(page + 1)} disabled={!hasNextPage || busy}>
          {t("next")}
        </button>
      </div>
    </nav>
  );
}
