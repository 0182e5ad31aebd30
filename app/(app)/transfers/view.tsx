"use client";

import { useTranslations } from "next-intl";
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
import { transfersFilter, transfersQuery } from "./query-options";
import { transfersSearch } from "./search-params";
import { ACCOUNT_TYPES, type AccountType } from "@/lib/contract/params";
import type { Transfer } from "@/lib/contract/responses";
import { checkRange, type RangeRule } from "@/lib/ui/ranges";
import { DAY_MS, formatDateTime } from "@/lib/time/calendar";
import { WINDOWS } from "@/lib/weex/limits";

/** getInternalWithdrawalStatus: only the past month can be queried (weex-facts.md). */
const RULE: RangeRule = { maxAgeDays: WINDOWS.withdrawals.maxAgeMs / DAY_MS };

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
  const t = useTranslations("transfers");
  const tz = useTimeZone();
  const { url, setUrl, paging, query: q } = usePagedQuery(transfersSearch, "withdrawals", transfersQuery, tz);
  const [now] = useState(() => Date.now());
  // The export takes exactly the list's filters, without its paging.
  const exportParams = transfersFilter(url, tz);

  const columns = useMemo(() => {
    const h = columnHelper<Transfer>();
    return h.columns([
      h.accessor("withdrawId", { header: t("columns.withdrawId"), cell: (c) => <CopyableId value={c.getValue()} label={t("columns.withdrawIdLabel")} />, meta: { nowrap: true } }),
      h.accessor("status", { header: t("columns.status"), cell: (c) => <Badge tone={STATUS_TONE[c.getValue()] ?? "neutral"}>{c.getValue()}</Badge> }),
      h.accessor("coin", { header: t("columns.coin"), cell: (c) => <span className="font-medium">{c.getValue()}</span> }),
      h.accessor("amount", { header: t("columns.amount"), cell: (c) => <Amount value={c.getValue()} coin={c.row.original.coin} />, meta: { numeric: true } }),
      h.accessor("fromUserId", { header: t("columns.fromUser"), cell: (c) => <CopyableId value={c.getValue()} label={t("columns.fromUserLabel")} />, meta: { nowrap: true } }),
      h.accessor("toUserId", { header: t("columns.toUser"), cell: (c) => <CopyableId value={c.getValue()} label={t("columns.toUserLabel")} />, meta: { nowrap: true } }),
      h.accessor("createTime", { header: t("columns.created", { tz }), cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(c.getValue(), tz)}</span> }),
      h.accessor("updateTime", { header: t("columns.updated", { tz }), cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(c.getValue(), tz)}</span> }),
    ]);
  }, [tz, t]);

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
      <ListToolbar note={t("exportNote")}>
        <ExportButton href="/api/affiliate/withdrawals/export" params={exportParams} fallbackFilename="transfers.csv" />
      </ListToolbar>
      <PagedTable
        query={q}
        columns={columns}
        caption={t("caption")}
        getRowId={(r) => r.withdrawId}
        testId="transfers-table"
        label={t("tableLabel")}
        loadingLabel={t("loading")}
        empty={
          <EmptyState title={filtered ? t("empty.filteredTitle") : t("empty.title")}>
            {t("empty.text")} {filtered ? t("empty.filteredText") : ""}
          </EmptyState>
        }
        paging={paging}
      />
    </>
  );
}

function TransferFilters({ initial, tz, now, onApply, onReset }: { initial: Draft; tz: string; now: number; onApply: (d: Draft) => void; onReset: () => void }) {
  const t = useTranslations("transfers.filters");
  const tt = useTranslations("transfers");
  const accountOptions = [{ value: "", label: tt("accounts.unset") }, ...ACCOUNT_TYPES.map((a) => ({ value: a, label: tt(`accounts.${a}`) }))];
  const [d, setD] = useState(initial);
  const check = checkRange(d.start, d.end, RULE, tz, now);
  const coinError = d.coin.trim() && !/^[\x21-\x7e]{1,20}$/.test(d.coin.trim()) ? t("coinError") : null;
  const idError = d.withdrawID.trim() && !/^[\x21-\x7e]{1,64}$/.test(d.withdrawID.trim()) ? t("idError") : null;
  const invalid = !!(check.fromError || check.toError || coinError || idError);
  return (
    <FilterForm
      label={t("label")}
      onApply={() => !invalid && onApply({ ...d, withdrawID: d.withdrawID.trim(), coin: d.coin.trim().toUpperCase() })}
      onReset={onReset}
      applyDisabled={invalid}
    >
      <TextField label={t("withdrawId")} autoComplete="off" placeholder={t("any")} value={d.withdrawID} onChange={(e) => setD({ ...d, withdrawID: e.target.value })} error={idError} />
      <TextField label={t("coin")} autoComplete="off" placeholder={t("coinPlaceholder")} value={d.coin} onChange={(e) => setD({ ...d, coin: e.target.value })} error={coinError} />
      <SelectField label={t("fromAccount")} value={d.fromAccount} onChange={(e) => setD({ ...d, fromAccount: e.target.value })} options={accountOptions} />
      <SelectField label={t("toAccount")} value={d.toAccount} onChange={(e) => setD({ ...d, toAccount: e.target.value })} options={accountOptions} />
      <DateRangeFields from={d.start} to={d.end} onFrom={(start) => setD({ ...d, start })} onTo={(end) => setD({ ...d, end })} check={check} tz={tz} why={tt("why")} />
    </FilterForm>
  );
}
