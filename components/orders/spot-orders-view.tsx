"use client";

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
import { spotOrderQuery, spotOrdersQuery } from "@/app/(app)/orders/query-options";
import { spotOrdersSearch } from "@/app/(app)/orders/search-params";
import type { SpotOrder } from "@/lib/contract/responses";
import { isApiError } from "@/lib/ui/api";
import { checkRange } from "@/lib/ui/ranges";
import { formatDateTime } from "@/lib/ui/time";
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
  const [draft, setDraft] = useState({ orderId: orderId ?? "", clientOrderId: clientOrderId ?? "" });
  const idError = draft.orderId.trim() && !/^[1-9]\d{0,19}$/.test(draft.orderId.trim()) ? "An order ID is digits only." : null;
  const neither = !draft.orderId.trim() && !draft.clientOrderId.trim();
  const enabled = !!(orderId || clientOrderId);
  const q = useRouteQuery(spotOrderQuery({ orderId, origClientOrderId: clientOrderId }), { enabled });

  return (
    <Section id="lookup" title="Look up one order" description="By WEEX order ID or by your client order ID (one is enough).">
      <form
        role="search"
        aria-label="Look up a spot order"
        className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        onSubmit={(e) => {
          e.preventDefault();
          if (idError || neither) return;
          onLookup({ orderId: draft.orderId.trim() || null, clientOrderId: draft.clientOrderId.trim() || null });
        }}
      >
        <TextField label="Order ID" inputMode="numeric" autoComplete="off" value={draft.orderId} onChange={(e) => setDraft({ ...draft, orderId: e.target.value })} error={idError} />
        <TextField label="Client order ID" autoComplete="off" value={draft.clientOrderId} onChange={(e) => setDraft({ ...draft, clientOrderId: e.target.value })} />
        <div className="sm:pt-6">
          <button type="submit" className="inline-flex items-center rounded-md bg-sky-700 px-3 py-2 text-sm font-medium text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:opacity-60" disabled={!!idError || neither}>
            Look up
          </button>
        </div>
      </form>
      <div aria-live="polite" className="mt-4">
        {!enabled ? null : q.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : q.isError ? (
          isApiError(q.error) && q.error.status === 404 ? (
            <EmptyState title="No such order">WEEX does not know an order with {orderId ? `order ID ${orderId}` : `client order ID ${clientOrderId}`}. Check the ID; client order IDs are case-sensitive.</EmptyState>
          ) : (
            <ErrorBanner error={q.error} onRetry={() => void q.refetch()} title="The order could not be loaded" />
          )
        ) : (
          <OrderDetails order={q.data} tz={tz} />
        )}
      </div>
    </Section>
  );
}

function OrderDetails({ order, tz }: { order: SpotOrder; tz: string }) {
  const rows: Array<[string, React.ReactNode]> = [
    ["Order ID", <CopyableId key="o" value={order.orderId} label="order ID" wrap />],
    ["Client order ID", <CopyableId key="c" value={order.clientOrderId} label="client order ID" wrap />],
    ["Symbol", order.symbol],
    ["Side", <SideBadge key="s" side={order.side} />],
    ["Type", order.type],
    ["Status", <OrderStatusBadge key="st" status={order.status} />],
    ["Time in force", order.timeInForce ?? "—"],
    ["Price", <Amount key="p" value={order.price} />],
    ["Original quantity", <Amount key="q" value={order.origQty} />],
    ["Executed quantity", <Amount key="e" value={order.executedQty} />],
    ["Filled quote amount", <Amount key="cq" value={order.cummulativeQuoteQty} />],
    ["Working", <FlagBadge key="w" value={order.isWorking} />],
    [`Created (${tz})`, formatDateTime(order.time, tz)],
    [`Updated (${tz})`, formatDateTime(order.updateTime, tz)],
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
  const columns = useMemo(() => {
    const h = columnHelper<SpotOrder>();
    return h.columns([
      h.accessor("orderId", { header: "Order ID", cell: (c) => <CopyableId value={c.getValue()} label="order ID" />, meta: { nowrap: true } }),
      h.accessor("clientOrderId", { header: "Client order ID", cell: (c) => <CopyableId value={c.getValue()} label="client order ID" /> }),
      h.accessor("side", { header: "Side", cell: (c) => <SideBadge side={c.getValue()} /> }),
      h.accessor("type", { header: "Type" }),
      h.accessor("status", { header: "Status", cell: (c) => <OrderStatusBadge status={c.getValue()} /> }),
      h.accessor("price", { header: "Price", cell: (c) => <Amount value={c.getValue()} />, meta: { numeric: true } }),
      h.accessor("origQty", { header: "Quantity", cell: (c) => <Amount value={c.getValue()} />, meta: { numeric: true } }),
      h.accessor("executedQty", { header: "Executed", cell: (c) => <Amount value={c.getValue()} />, meta: { numeric: true } }),
      h.accessor("cummulativeQuoteQty", { header: "Filled quote", cell: (c) => <Amount value={c.getValue()} />, meta: { numeric: true } }),
      h.accessor("time", { header: `Created (${tz})`, cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(c.getValue(), tz)}</span> }),
    ]);
  }, [tz]);

  return (
    <Section id="list" title="Orders of a trading pair" description="All spot orders of one pair, optionally within a time range.">
      <OrderListFilters
        key={`${url.symbol}|${url.start}|${url.end}`}
        tz={tz}
        initial={{ symbol: url.symbol ?? "", start: url.start ?? "", end: url.end ?? "" }}
        onApply={(d) => void setUrl({ symbol: d.symbol || null, start: d.start || null, end: d.end || null, page: null })}
      />
      {!url.symbol ? (
        <EmptyState title="Choose a trading pair">WEEX lists spot orders one trading pair at a time, e.g. BTCUSDT.</EmptyState>
      ) : (
        <PagedTable
          query={q}
          columns={columns}
          caption={`Spot orders of ${url.symbol}`}
          getRowId={(r) => r.orderId}
          testId="orders-table"
          label="Spot orders"
          loadingLabel="Loading spot orders"
          empty={
            <EmptyState title={`No ${url.symbol} orders${paging.page > 1 ? " on this page" : ""}`}>
              {paging.page > 1 ? "You are past the last page." : "No orders for this pair in the chosen time range."}
            </EmptyState>
          }
          paging={paging}
        />
      )}
    </Section>
  );
}

function OrderListFilters({ tz, initial, onApply }: { tz: string; initial: { symbol: string; start: string; end: string }; onApply: (d: { symbol: string; start: string; end: string }) => void }) {
  const [d, setD] = useState(initial);
  const [now] = useState(() => Date.now());
  const listId = useId();
  const { symbols } = useSymbols();
  const check = checkRange(d.start, d.end, {}, tz, now);
  const symbol = d.symbol.trim().toUpperCase();
  const symbolError = symbol && !/^[\x21-\x7e]{1,40}$/.test(symbol) ? "A trading pair has no spaces, e.g. BTCUSDT." : null;
  const invalid = !symbol || !!(symbolError || check.fromError || check.toError);
  return (
    <FilterForm label="List spot orders" onApply={() => !invalid && onApply({ ...d, symbol })} applyDisabled={invalid}>
      <Field label="Trading pair" error={symbolError} hint="Required by WEEX.">
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
      <DateRangeFields from={d.start} to={d.end} onFrom={(start) => setD({ ...d, start })} onTo={(end) => setD({ ...d, end })} check={check} tz={tz} why="Optional; the end may not be before the start." />
    </FilterForm>
  );
}
