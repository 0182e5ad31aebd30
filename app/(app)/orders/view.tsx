"use client";

import { useTranslations } from "next-intl";
import { useQueryStates } from "nuqs";
import { useId, useMemo, useState } from "react";
import { useTimeZone } from "@/components/period/use-period";
import { Amount } from "@/components/ui/amount";
import { FlagBadge } from "@/components/ui/badge";
import { CopyableId } from "@/components/ui/copyable-id";
import { columnHelper } from "@/components/ui/table-columns";
import { DateRangeFields } from "@/components/ui/date-range-fields";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Field, TextField } from "@/components/ui/field";
import { FilterForm } from "@/components/ui/filter-form";
import { Section } from "@/components/ui/page-header";
import { PagedTable } from "@/components/ui/paged-table";
import { usePagedQuery } from "@/components/ui/use-url-paging";
import { Skeleton } from "@/components/ui/skeleton";
import { inputClass } from "@/components/ui/styles";
import { useRouteQuery } from "@/components/ui/use-api-query";
import { spotOrderQuery, spotOrdersQuery } from "./query-options";
import { spotOrdersSearch } from "./search-params";
import type { SpotOrder } from "@/lib/contract/responses";
import { isApiError } from "@/lib/ui/api";
import { checkRange } from "@/lib/ui/ranges";
import { formatDateTime } from "@/lib/time/calendar";
import { useSymbols } from "@/components/reference/use-reference";
import { OrderStatusBadge, SideBadge } from "./order-badges";

export function SpotOrdersView() {
  const tz = useTimeZone();
  const [url, setUrl] = useQueryStates(spotOrdersSearch);
  return (
    <div className="space-y-8">
      <OrderLookup key={`${url.orderId}|${url.origClientOrderId}`} tz={tz} orderId={url.orderId} clientOrderId={url.origClientOrderId} onLookup={(v) => void setUrl({ orderId: v.orderId, origClientOrderId: v.clientOrderId })} />
      <OrderList tz={tz} />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------

function OrderLookup({
  tz,
  orderId,
  clientOrderId,
  onLookup,
}: {
  tz: string;
  orderId: string | null;
  clientOrderId: string | null;
  onLookup: (v: { orderId: string | null; clientOrderId: string | null }) => void;
}) {
  const t = useTranslations("orders");
  const [draft, setDraft] = useState({ orderId: orderId ?? "", clientOrderId: clientOrderId ?? "" });
  const idError = draft.orderId.trim() && !/^[1-9]\d{0,19}$/.test(draft.orderId.trim()) ? t("lookup.idError") : null;
  const neither = !draft.orderId.trim() && !draft.clientOrderId.trim();
  const enabled = !!(orderId || clientOrderId);
  const q = useRouteQuery(spotOrderQuery({ orderId, origClientOrderId: clientOrderId }), { enabled });

  return (
    <Section id="lookup" title={t("lookup.title")} description={t("lookup.description")}>
      <form
        role="search"
        aria-label={t("lookup.formLabel")}
        className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        onSubmit={(e) => {
          e.preventDefault();
          if (idError || neither) return;
          onLookup({ orderId: draft.orderId.trim() || null, clientOrderId: draft.clientOrderId.trim() || null });
        }}
      >
        <TextField label={t("fields.orderId")} inputMode="numeric" autoComplete="off" value={draft.orderId} onChange={(e) => setDraft({ ...draft, orderId: e.target.value })} error={idError} />
        <TextField label={t("fields.clientOrderId")} autoComplete="off" value={draft.clientOrderId} onChange={(e) => setDraft({ ...draft, clientOrderId: e.target.value })} />
        <div className="sm:pt-6">
          <button type="submit" className="inline-flex items-center rounded-md bg-sky-700 px-3 py-2 text-sm font-medium text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:opacity-60" disabled={!!idError || neither}>
            {t("lookup.submit")}
          </button>
        </div>
      </form>
      <div aria-live="polite" className="mt-4">
        {!enabled ? null : q.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : q.isError ? (
          isApiError(q.error) && q.error.status === 404 ? (
            <EmptyState title={t("lookup.notFoundTitle")}>{orderId ? t("lookup.notFoundByOrderId", { id: orderId }) : t("lookup.notFoundByClientId", { id: clientOrderId ?? "" })}</EmptyState>
          ) : (
            <ErrorBanner error={q.error} onRetry={() => void q.refetch()} title={t("lookup.loadError")} />
          )
        ) : (
          <OrderDetails order={q.data} tz={tz} />
        )}
      </div>
    </Section>
  );
}

function OrderDetails({ order, tz }: { order: SpotOrder; tz: string }) {
  const t = useTranslations("orders.fields");
  const rows: Array<[string, React.ReactNode]> = [
    [t("orderId"), <CopyableId key="o" value={order.orderId} label={t("orderIdLabel")} wrap />],
    [t("clientOrderId"), <CopyableId key="c" value={order.clientOrderId} label={t("clientOrderIdLabel")} wrap />],
    [t("symbol"), order.symbol],
    [t("side"), <SideBadge key="s" side={order.side} />],
    [t("type"), order.type],
    [t("status"), <OrderStatusBadge key="st" status={order.status} />],
    [t("timeInForce"), order.timeInForce ?? "—"],
    [t("price"), <Amount key="p" value={order.price} />],
    [t("origQty"), <Amount key="q" value={order.origQty} />],
    [t("executedQty"), <Amount key="e" value={order.executedQty} />],
    [t("quoteQty"), <Amount key="cq" value={order.cummulativeQuoteQty} />],
    [t("working"), <FlagBadge key="w" value={order.isWorking} />],
    [t("created", { tz }), formatDateTime(order.time, tz)],
    [t("updated", { tz }), formatDateTime(order.updateTime, tz)],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-md bg-slate-50 p-4 text-sm sm:grid-cols-2 dark:bg-slate-800/50" data-testid="order-details">
      {rows.map(([k, v]) => (
        <div key={k} className="flex flex-wrap gap-2">
          <dt className="min-w-36 text-slate-600 dark:text-slate-400">{k}</dt>
          <dd className="font-medium">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

// ---------------------------------------------------------------------------------------------

function OrderList({ tz }: { tz: string }) {
  const { url, setUrl, paging, query: q } = usePagedQuery(spotOrdersSearch, "allOrders", spotOrdersQuery, tz);
  const t = useTranslations("orders");
  const columns = useMemo(() => {
    const h = columnHelper<SpotOrder>();
    return h.columns([
      h.accessor("orderId", { header: t("fields.orderId"), cell: (c) => <CopyableId value={c.getValue()} label={t("fields.orderIdLabel")} />, meta: { nowrap: true } }),
      h.accessor("clientOrderId", { header: t("fields.clientOrderId"), cell: (c) => <CopyableId value={c.getValue()} label={t("fields.clientOrderIdLabel")} /> }),
      h.accessor("side", { header: t("fields.side"), cell: (c) => <SideBadge side={c.getValue()} /> }),
      h.accessor("type", { header: t("fields.type") }),
      h.accessor("status", { header: t("fields.status"), cell: (c) => <OrderStatusBadge status={c.getValue()} /> }),
      h.accessor("price", { header: t("fields.price"), cell: (c) => <Amount value={c.getValue()} />, meta: { numeric: true } }),
      h.accessor("origQty", { header: t("columns.quantity"), cell: (c) => <Amount value={c.getValue()} />, meta: { numeric: true } }),
      h.accessor("executedQty", { header: t("columns.executed"), cell: (c) => <Amount value={c.getValue()} />, meta: { numeric: true } }),
      h.accessor("cummulativeQuoteQty", { header: t("columns.filledQuote"), cell: (c) => <Amount value={c.getValue()} />, meta: { numeric: true } }),
      h.accessor("time", { header: t("fields.created", { tz }), cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(c.getValue(), tz)}</span> }),
    ]);
  }, [tz, t]);

  return (
    <Section id="list" title={t("list.title")} description={t("list.description")}>
      <OrderListFilters
        key={`${url.symbol}|${url.start}|${url.end}`}
        tz={tz}
        initial={{ symbol: url.symbol ?? "", start: url.start ?? "", end: url.end ?? "" }}
        onApply={(d) => void setUrl({ symbol: d.symbol || null, start: d.start || null, end: d.end || null, page: null })}
      />
      {!url.symbol ? (
        <EmptyState title={t("list.choosePairTitle")}>{t("list.choosePairText")}</EmptyState>
      ) : (
        <PagedTable
          query={q}
          columns={columns}
          caption={t("list.caption", { symbol: url.symbol })}
          getRowId={(r) => r.orderId}
          testId="orders-table"
          label={t("list.tableLabel")}
          loadingLabel={t("list.loading")}
          empty={
            <EmptyState title={paging.page > 1 ? t("list.emptyPageTitle", { symbol: url.symbol }) : t("list.emptyTitle", { symbol: url.symbol })}>
              {paging.page > 1 ? t("list.pastLastPage") : t("list.emptyText")}
            </EmptyState>
          }
          paging={paging}
        />
      )}
    </Section>
  );
}

function OrderListFilters({ tz, initial, onApply }: { tz: string; initial: { symbol: string; start: string; end: string }; onApply: (d: { symbol: string; start: string; end: string }) => void }) {
  const t = useTranslations("orders.filters");
  const [d, setD] = useState(initial);
  const [now] = useState(() => Date.now());
  const listId = useId();
  const { symbols } = useSymbols();
  const check = checkRange(d.start, d.end, {}, tz, now);
  const symbol = d.symbol.trim().toUpperCase();
  const symbolError = symbol && !/^[\x21-\x7e]{1,40}$/.test(symbol) ? t("symbolError") : null;
  const invalid = !symbol || !!(symbolError || check.fromError || check.toError);
  return (
    <FilterForm label={t("label")} onApply={() => !invalid && onApply({ ...d, symbol })} applyDisabled={invalid}>
      <Field label={t("pair")} error={symbolError} hint={t("pairHint")}>
        {({ id, describedBy, invalid: bad }) => (
          <>
            <input
              id={id}
              list={listId}
              aria-describedby={describedBy}
              aria-invalid={bad || undefined}
              required
              autoComplete="off"
              className={inputClass}
              value={d.symbol}
              placeholder="BTCUSDT"
              onChange={(e) => setD({ ...d, symbol: e.target.value })}
            />
            <datalist id={listId}>
              {symbols?.map((s) => (
                <option key={s.symbol} value={s.symbol} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <DateRangeFields from={d.start} to={d.end} onFrom={(start) => setD({ ...d, start })} onTo={(end) => setD({ ...d, end })} check={check} tz={tz} why={t("why")} />
    </FilterForm>
  );
}
