"use client";

import { parseAsInteger, parseAsString, useQueryStates } from "nuqs";
import { useDeferredValue, useMemo } from "react";
import { useCoins, type CoinDef } from "@/components/reference/use-reference";
import { Amount } from "@/components/ui/amount";
import { Badge, FlagBadge } from "@/components/ui/badge";
import { stickyFirstColumn, stickyFirstHeader } from "@/components/ui/table-columns";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorBanner, RateLimitNotice } from "@/components/ui/error-banner";
import { SelectField, TextField } from "@/components/ui/field";
import { TableSkeleton } from "@/components/ui/skeleton";
import { buttonSecondary } from "@/components/ui/styles";
import { formatCount } from "@/lib/ui/format";

const PAGE_SIZE = 20;
const filters = { q: parseAsString.withDefault(""), flag: parseAsString.withDefault(""), page: parseAsInteger.withDefault(1) };

const FLAG_FILTERS = [
  { value: "", label: "All coins" },
  { value: "deposit-off", label: "Deposits disabled somewhere" },
  { value: "withdraw-off", label: "Withdrawals disabled somewhere" },
] as const;

export function matchesCoin(c: CoinDef, query: string, flag: string): boolean {
  if (flag === "deposit-off" && c.depositAllEnable && c.networkList.every((n) => n.depositEnable)) return false;
  if (flag === "withdraw-off" && c.withdrawAllEnable && c.networkList.every((n) => n.withdrawEnable)) return false;
  if (!query.trim()) return true;
  const q = query.trim().toUpperCase();
  return c.coin.toUpperCase().includes(q) || (c.name ?? "").toUpperCase().includes(q) || c.networkList.some((n) => n.network.toUpperCase().includes(q));
}

const NETWORK_HEADERS = ["Network", "Deposit", "Withdraw", "Withdraw fee", "Min withdrawal", "Withdraw multiple", "Min confirmations", "Deposit dust", "Tag / memo", "Contract"];

export function CoinsView() {
  const [url, setUrl] = useQueryStates(filters, { history: "replace" });
  const q = useCoins();
  const query = useDeferredValue(url.q);
  const matches = useMemo(() => (q.coins ?? []).filter((c) => matchesCoin(c, query, url.flag)), [q.coins, query, url.flag]);
  const pages = Math.max(1, Math.ceil(matches.length / PAGE_SIZE));
  const page = Math.min(Math.max(1, url.page), pages);
  const shown = matches.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  return (
    <>
      <form role="search" aria-label="Filter coins" className="mb-4 grid grid-cols-1 gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 dark:border-slate-800 dark:bg-slate-900" onSubmit={(e) => e.preventDefault()}>
        <TextField label="Search coin, name or network" type="search" placeholder="e.g. USDT or TRC20" value={url.q} onChange={(e) => void setUrl({ q: e.target.value || null, page: null })} autoComplete="off" />
        <SelectField label="Show" value={url.flag} onChange={(e) => void setUrl({ flag: e.target.value || null, page: null })} options={FLAG_FILTERS} />
      </form>
      <RateLimitNotice failureReason={q.failureReason} isFetching={q.isFetching} />
      {q.isError ? (
        <ErrorBanner error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.coins ? (
        <TableSkeleton columns={8} label="Loading coins" />
      ) : matches.length === 0 ? (
        <EmptyState title="No coin matches">Nothing matches “{url.q}”. Search by symbol (USDT), name (Tether) or network (TRC20).</EmptyState>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-700 dark:text-slate-300" aria-live="polite" data-testid="coins-count">
            {formatCount(matches.length)} of {formatCount(q.coins.length)} coins · page {page} of {pages}
          </p>
          <div className="relative overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800" tabIndex={0} role="region" aria-label="Coins and networks" data-testid="coins-table">
            <table className="min-w-full text-sm">
              <caption className="sr-only">Coins and their networks: fees, minimums, confirmations and enabled flags</caption>
              <thead className="bg-slate-50 dark:bg-slate-800/60">
                <tr>
                  {NETWORK_HEADERS.map((h, i) => (
                    <th key={h} scope="col" className={`whitespace-nowrap px-3 py-2 font-semibold ${i >= 3 && i <= 7 ? "text-right" : "text-left"} ${i === 0 ? stickyFirstHeader : ""}`}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              {shown.map((c) => (
                <CoinGroup key={c.coin} coin={c} />
              ))}
            </table>
          </div>
          <nav aria-label="Coin pages" className="mt-3 flex items-center gap-2">
            <button type="button" className={buttonSecondary} disabled={page <= 1} onClick={() => void setUrl({ page: page - 1 })}>
              Previous
            </button>
            <button type="button" className={buttonSecondary} disabled={page >= pages} onClick={() => void setUrl({ page: page + 1 })}>
              Next
            </button>
          </nav>
        </>
      )}
    </>
  );
}

function CoinGroup({ coin }: { coin: CoinDef }) {
  return (
    <tbody className="border-t-2 border-slate-200 dark:border-slate-700">
      <tr className="bg-slate-50/60 dark:bg-slate-800/30">
        <th scope="rowgroup" colSpan={NETWORK_HEADERS.length} className="px-3 py-2 text-left">
          {/* the coin's name stays in view while the networks scroll sideways */}
          <span className="sticky left-3 inline-block text-base font-semibold">{coin.coin}</span>
          {coin.name ? <span className="ml-2 font-normal text-slate-600 dark:text-slate-400">{coin.name}</span> : null}
          <span className="ml-3 inline-flex flex-wrap gap-1 align-middle font-normal">
            <Badge tone={coin.depositAllEnable ? "good" : "bad"}>Deposits {coin.depositAllEnable ? "on" : "off"}</Badge>
            <Badge tone={coin.withdrawAllEnable ? "good" : "bad"}>Withdrawals {coin.withdrawAllEnable ? "on" : "off"}</Badge>
            {coin.trading !== undefined ? <Badge tone={coin.trading ? "good" : "neutral"}>{coin.trading ? "Tradable" : "Not tradable"}</Badge> : null}
          </span>
        </th>
      </tr>
      {coin.networkList.length === 0 ? (
        <tr>
          <td colSpan={NETWORK_HEADERS.length} className="px-3 py-2 text-slate-600 dark:text-slate-400">
            No networks listed.
          </td>
        </tr>
      ) : (
        coin.networkList.map((n) => (
          <tr key={n.network}>
            <th scope="row" className={`whitespace-nowrap px-3 py-2 text-left font-medium ${stickyFirstColumn}`}>
              {n.network} {n.isDefault ? <Badge tone="info">Default</Badge> : null}
            </th>
            <td className="min-w-40 px-3 py-2">
              <FlagBadge value={n.depositEnable} yes="Enabled" no="Disabled" />
              {!n.depositEnable && n.depositDesc ? <span className="block text-xs text-slate-600 dark:text-slate-400">{n.depositDesc}</span> : null}
            </td>
            <td className="min-w-40 px-3 py-2">
              <FlagBadge value={n.withdrawEnable} yes="Enabled" no="Disabled" />
              {!n.withdrawEnable && n.withdrawDesc ? <span className="block text-xs text-slate-600 dark:text-slate-400">{n.withdrawDesc}</span> : null}
            </td>
            <td className="px-3 py-2 text-right"><Amount value={n.withdrawFee} /></td>
            <td className="px-3 py-2 text-right"><Amount value={n.withdrawMin} /></td>
            <td className="px-3 py-2 text-right"><Amount value={n.withdrawIntegerMultiple} /></td>
            <td className="px-3 py-2 text-right tabular-nums">{n.minConfirm ?? "—"}</td>
            <td className="px-3 py-2 text-right"><Amount value={n.depositDust} /></td>
            <td className="px-3 py-2"><FlagBadge value={n.withdrawTag} yes="Required" no="No" /></td>
            <td className="min-w-80 px-3 py-2">
              {n.contractAddress ? (
                n.contractAddressUrl && /^https:\/\//.test(n.contractAddressUrl) ? (
                  <a href={n.contractAddressUrl} target="_blank" rel="noopener noreferrer" className="break-all font-mono text-xs text-sky-800 underline dark:text-sky-300">
                    {n.contractAddress}
                    <span className="sr-only"> (opens the explorer in a new tab)</span>
                  </a>
                ) : (
                  <code className="break-all font-mono text-xs">{n.contractAddress}</code>
                )
              ) : (
                "—"
              )}
            </td>
          </tr>
        ))
      )}
    </tbody>
  );
}
