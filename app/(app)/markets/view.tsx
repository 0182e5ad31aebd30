"use client";

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useTranslations } from "next-intl";
import { parseAsString } from "nuqs";
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { useFormat } from "@/components/i18n/use-format";
import { ReferenceSearch, ReferenceStates, useReferenceFilters } from "@/components/reference/reference-search";
import { useSymbols, type SymbolDef } from "@/components/reference/use-reference";
import { Amount } from "@/components/ui/amount";
import { Badge, FlagBadge } from "@/components/ui/badge";
import { stickyFirstColumn, stickyFirstHeader } from "@/components/ui/table-columns";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField } from "@/components/ui/field";
import { decimalPercent } from "@/lib/ui/format";

const filters = { q: parseAsString.withDefault(""), status: parseAsString.withDefault("") };
const ROW_HEIGHT = 44;

/** A fee rate as given ("0.001") and as a percentage computed exactly ("0.1%"). */
function FeeRate({ value }: { value?: string }) {
  const f = useFormat();
  if (!value) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  return (
    <span className="whitespace-nowrap tabular-nums" title={value}>
      {f.decimal(decimalPercent(value))}%
    </span>
  );
}

export function matchesSymbol(s: SymbolDef, query: string, status: string): boolean {
  if (status && s.status !== status) return false;
  if (!query) return true;
  const q = query.trim().toUpperCase();
  return s.symbol.toUpperCase().includes(q) || s.baseAsset.toUpperCase().includes(q) || s.quoteAsset.toUpperCase().includes(q);
}

/** The columns, in order (their words: markets.headers.<id>). */
const HEADERS = ["pair", "status", "precision", "tickSize", "stepSize", "minQty", "maxQty", "makerFee", "takerFee", "marketLimit", "priceRatio", "trading"] as const;
const NUMERIC = new Set([2, 3, 4, 5, 6, 7, 8]);

export function MarketsView() {
  const t = useTranslations("markets");
  const f = useFormat();
  const { url, setUrl, query } = useReferenceFilters(filters);
  const q = useSymbols();
  const statuses = useMemo(() => [...new Set((q.symbols ?? []).map((s) => s.status))].sort(), [q.symbols]);
  const rows = useMemo(() => (q.symbols ?? []).filter((s) => matchesSymbol(s, query, url.status)), [q.symbols, query, url.status]);

  return (
    <>
      <ReferenceSearch page="markets" value={url.q} onSearch={(text) => void setUrl({ q: text || null })}>
        <SelectField
          label={t("status")}
          value={url.status}
          onChange={(e) => void setUrl({ status: e.target.value || null })}
          options={[{ value: "", label: t("anyStatus") }, ...statuses.map((s) => ({ value: s, label: s }))]}
        />
      </ReferenceSearch>
      <ReferenceStates query={q} list={q.symbols} loadingLabel={t("loading")}>
        {(symbols) => (
          <>
            <p className="mb-2 text-sm text-slate-700 dark:text-slate-300" aria-live="polite" data-testid="markets-count">
              {t("count", { shown: f.count(rows.length), total: f.count(symbols.length) })}
            </p>
            {rows.length === 0 ? (
              <EmptyState title={t("emptyTitle")}>{url.status ? t("emptyTextStatus", { query: url.q, status: url.status }) : t("emptyText", { query: url.q })}</EmptyState>
            ) : (
              <VirtualSymbolTable rows={rows} />
            )}
          </>
        )}
      </ReferenceStates>
    </>
  );
}

/**
 * Hundreds of pairs render as a real table whose body is virtualised against the page's own
 * scroll (no scroll box inside the page showing a dozen rows): only the rows near the
 * viewport exist in the DOM, with spacer rows keeping the height honest. The table scrolls
 * sideways in its region with the pair column kept in view.
 */
function VirtualSymbolTable({ rows }: { rows: SymbolDef[] }) {
  const t = useTranslations("markets");
  const tableRef = useRef<HTMLDivElement>(null);
  // Where the table starts on the page, so the virtualizer maps window scroll to rows.
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const el = tableRef.current;
    if (el) setOffset(el.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (i) => rows[i].symbol,
    overscan: 10,
    scrollMargin: offset,
  });
  const items = virtualizer.getVirtualItems();
  const top = items.length ? items[0].start - offset : 0;
  const bottom = items.length ? virtualizer.getTotalSize() - (items[items.length - 1].end - offset) : 0;

  return (
    <div ref={tableRef} className="relative overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800" tabIndex={0} role="region" aria-label={t("tableLabel")} data-testid="markets-table">
      <table className="min-w-full text-sm" aria-rowcount={rows.length + 1}>
        <caption className="sr-only">{t("caption")}</caption>
        <thead className="bg-slate-50 dark:bg-slate-800">
          <tr aria-rowindex={1}>
            {HEADERS.map((h, i) => (
              <th key={h} scope="col" className={`whitespace-nowrap px-3 py-2 font-semibold ${NUMERIC.has(i) ? "text-right" : "text-left"} ${i === 0 ? stickyFirstHeader : ""}`}>
                {t(`headers.${h}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {top > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={HEADERS.length} style={{ height: top, padding: 0 }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const s = rows[item.index];
            return (
              <tr key={item.key} data-index={item.index} ref={virtualizer.measureElement} aria-rowindex={item.index + 2} className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
                <th scope="row" className={`whitespace-nowrap px-3 py-2 text-left font-semibold ${stickyFirstColumn}`}>
                  {s.symbol}
                  <span className="ml-1 inline-flex gap-1 align-middle">
                    {s.displayNew ? <Badge tone="info">{t("new")}</Badge> : null}
                    {s.displayHot ? <Badge tone="warn">{t("hot")}</Badge> : null}
                  </span>
                  <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
                    {s.baseAsset} / {s.quoteAsset}
                  </span>
                </th>
                <td className="px-3 py-2">
                  <Badge tone={s.status === "TRADING" ? "good" : "neutral"}>{s.status}</Badge>
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {s.baseAssetPrecision ?? "—"} / {s.quoteAssetPrecision ?? "—"}
                </td>
                <td className="px-3 py-2 text-right"><Amount value={s.tickSize} /></td>
                <td className="px-3 py-2 text-right"><Amount value={s.stepSize} /></td>
                <td className="px-3 py-2 text-right"><Amount value={s.minTradeAmount} /></td>
                <td className="px-3 py-2 text-right"><Amount value={s.maxTradeAmount} /></td>
                <td className="px-3 py-2 text-right"><FeeRate value={s.makerFeeRate} /></td>
                <td className="px-3 py-2 text-right"><FeeRate value={s.takerFeeRate} /></td>
                <td className="whitespace-nowrap px-3 py-2">
                  <Amount value={s.marketBuyLimitSize} /> / <Amount value={s.marketSellLimitSize} />
                </td>
                <td className="whitespace-nowrap px-3 py-2">
                  <Amount value={s.buyLimitPriceRatio} /> / <Amount value={s.sellLimitPriceRatio} />
                </td>
                <td className="px-3 py-2">
                  <FlagBadge value={s.enableTrade} yes={t("enabled")} no={t("disabled")} />
                </td>
              </tr>
            );
          })}
          {bottom > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={HEADERS.length} style={{ height: bottom, padding: 0 }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
