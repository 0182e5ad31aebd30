"use client";

import { useMemo, useState } from "react";
import { ExportButton } from "@/components/export/export-button";
import { useTimeZone } from "@/components/period/use-period";
import { Amount } from "@/components/ui/amount";
import { Badge, type Tone } from "@/components/ui/badge";
import { CopyableId } from "@/components/ui/copyable-id";
import { columnHelper } from "@/components/ui/table-columns";
import { DateRangeFields } from "@/components/ui/date-range-fields";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField, TextField } from "@/components/ui/field";
import { FilterForm } from "@/components/ui/filter-form";
import { ListToolbar } from "@/components/ui/list-toolbar";
import { PagedTable } from "@/components/ui/paged-table";
import { usePagedQuery } from "@/components/ui/use-url-paging";
import { transfersFilter, transfersQuery } from "@/app/(app)/transfers/query-options";
import { transfersSearch } from "@/app/(app)/transfers/search-params";
import type { AccountType } from "@/lib/contract/params";
import type { Transfer } from "@/lib/contract/responses";
import { checkRange, type RangeRule } from "@/lib/ui/ranges";
import { formatDateTime } from "@/lib/ui/time";
import { DAY_MS, WINDOWS } from "@/lib/weex/limits";

/** getInternalWithdrawalStatus: only the past month can be queried (weex-facts.md). */
const RULE: RangeRule = { maxAgeDays: WINDOWS.withdrawals.maxAgeMs / DAY_MS };
const WHY = "WEEX keeps internal transfers for one month only, so the range must lie within the past 30 days.";

const STATUS_TONE: Record<string, Tone> = { SUCCESS: "good", FAILED: "bad", PROGRESSING: "warn" };

interface Draft {
  withdrawID: string;
  coin: string;
  start: string;
  end: string;
  fromAccount: string;
  toAccount: string;
}

export function TransfersView() {
  const tz = useTimeZone();
  const { url, setUrl, paging, query: q } = usePagedQuery(transfersSearch, "withdrawals", transfersQuery, tz);
  const [now] = useState(() => Date.now());
  // The export takes exactly the list's filters, without its paging.
  const exportParams = transfersFilter(url, tz);

  const columns = useMemo(() => {
    const h = columnHelper<Transfer>();
    return h.columns([
      h.accessor("withdrawId", { header: "Withdrawal ID", cell: (c) => <CopyableId value={c.getValue()} label="withdrawal ID" />, meta: { nowrap: true } }),
      h.accessor("status", { header: "Status", cell: (c) => <Badge tone={STATUS_TONE[c.getValue()] ?? "neutral"}>{c.getValue()}</Badge> }),
      h.accessor("coin", { header: "Coin", cell: (c) => <span className="font-medium">{c.getValue()}</span> }),
      h.accessor("amount", { header: "Amount", cell: (c) => <Amount value={c.getValue()} />, meta: { numeric: true } }),
      h.accessor("fromUserId", { header: "From user", cell: (c) => <CopyableId value={c.getValue()} label="sender user ID" />, meta: { nowrap: true } }),
      h.accessor("toUserId", { header: "To user", cell: (c) => <CopyableId value={c.getValue()} label="recipient user ID" />, meta: { nowrap: true } }),
      h.accessor("createTime", { header: `Created (${tz})`, cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(c.getValue(), tz)}</span> }),
      h.accessor("updateTime", { header: `Updated (${tz})`, cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(c.getValue(), tz)}</span> }),
    ]);
  }, [tz]);

  const initial: Draft = {
    withdrawID: url.withdrawID ?? "",
    coin: url.coin ?? "",
    start: url.start ?? "",
    end: url.end ?? "",
    fromAccount: url.fromAccountType ?? "",
    toAccount: url.toAccountType ?? "",
  };
  const filtered = Object.values(initial).some(Boolean);

  return (
    <>
      <TransferFilters
        key={Object.values(initial).join("|")}
        initial={initial}
        tz={tz}
        now={now}
        onApply={(d) =>
          void setUrl({
            withdrawID: d.withdrawID || null,
            coin: d.coin || null,
            start: d.start || null,
            end: d.end || null,
            fromAccountType: (d.fromAccount || null) as AccountType | null,
            toAccountType: (d.toAccount || null) as AccountType | null,
            page: null,
          })
        }
        onReset={() => void setUrl({ withdrawID: null, coin: null, start: null, end: null, fromAccountType: null, toAccountType: null, page: null })}
      />
      <ListToolbar note="The export contains every page of these filters.">
        <ExportButton href="/api/affiliate/withdrawals/export" params={exportParams} fallbackFilename="transfers.csv" />
      </ListToolbar>
      <PagedTable
        query={q}
        columns={columns}
        caption="Internal transfers"
        getRowId={(r) => r.withdrawId}
        testId="transfers-table"
        label="Internal transfers"
        loadingLabel="Loading internal transfers"
        empty={
          <EmptyState title={filtered ? "No internal transfers match these filters" : "No internal transfers in the past month"}>
            WEEX shows internal transfers of the past 30 days only. {filtered ? "Check the withdrawal ID and coin, or clear the filters." : ""}
          </EmptyState>
        }
        paging={paging}
      />
    </>
  );
}

const accountOptions = [
  { value: "", label: "Not set (WEEX default: SPOT)" },
  { value: "SPOT", label: "SPOT (spot wallet)" },
  { value: "FUND", label: "FUND (funding wallet)" },
];

function TransferFilters({ initial, tz, now, onApply, onReset }: { initial: Draft; tz: string; now: number; onApply: (d: Draft) => void; onReset: () => void }) {
  const [d, setD] = useState(initial);
  const check = checkRange(d.start, d.end, RULE, tz, now);
  const coinError = d.coin.trim() && !/^[\x21-\x7e]{1,20}$/.test(d.coin.trim()) ? "A coin symbol is up to 20 letters or digits, e.g. USDT." : null;
  const idError = d.withdrawID.trim() && !/^[\x21-\x7e]{1,64}$/.test(d.withdrawID.trim()) ? "A withdrawal ID has no spaces (at most 64 characters)." : null;
  const invalid = !!(check.fromError || check.toError || coinError || idError);
  return (
    <FilterForm
      label="Filter internal transfers"
      onApply={() => !invalid && onApply({ ...d, withdrawID: d.withdrawID.trim(), coin: d.coin.trim().toUpperCase() })}
      onReset={onReset}
      applyDisabled={invalid}
    >
      <TextField label="Withdrawal ID" autoComplete="off" placeholder="any" value={d.withdrawID} onChange={(e) => setD({ ...d, withdrawID: e.target.value })} error={idError} />
      <TextField label="Coin" autoComplete="off" placeholder="any, e.g. USDT" value={d.coin} onChange={(e) => setD({ ...d, coin: e.target.value })} error={coinError} />
      <SelectField label="From account" value={d.fromAccount} onChange={(e) => setD({ ...d, fromAccount: e.target.value })} options={accountOptions} />
      <SelectField label="To account" value={d.toAccount} onChange={(e) => setD({ ...d, toAccount: e.target.value })} options={accountOptions} />
      <DateRangeFields from={d.start} to={d.end} onFrom={(start) => setD({ ...d, start })} onTo={(end) => setD({ ...d, end })} check={check} tz={tz} why={WHY} />
    </FilterForm>
  );
}
