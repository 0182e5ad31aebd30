"use client";

import { useTranslations } from "next-intl";
import { parseAsInteger, parseAsString } from "nuqs";
import { useMemo } from "react";
import { useFormat } from "@/components/i18n/use-format";
import { ReferenceSearch, ReferenceStates, useReferenceFilters } from "@/components/reference/reference-search";
import { useCoins, type CoinDef } from "@/components/reference/use-reference";
import { Amount } from "@/components/ui/amount";
import { Badge, FlagBadge } from "@/components/ui/badge";
import { stickyFirstColumn, stickyFirstHeader } from "@/components/ui/table-columns";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField } from "@/components/ui/field";
import { buttonSecondary } from "@/components/ui/styles";

const PAGE_SIZE = 20;
const filters = { q: parseAsString.withDefault(""), flag: parseAsString.withDefault(""), page: parseAsInteger.withDefault(1) };

/** The "Show" choices: URL value → its words (coins.flags.<id>; "" is every coin). */
const FLAG_FILTERS = [
  { value: "", id: "all" },
  { value: "deposit-off", id: "deposit-off" },
  { value: "withdraw-off", id: "withdraw-off" },
] as const;

export function matchesCoin(c: CoinDef, query: string, flag: string): boolean {
  if (flag === "deposit-off" && c.depositAllEnable && c.networkList.every((n) => n.depositEnable)) return false;
  if (flag === "withdraw-off" && c.withdrawAllEnable && c.networkList.every((n) => n.withdrawEnable)) return false;
  if (!query.trim()) return true;
  const q = query.trim().toUpperCase();
  return c.coin.toUpperCase().includes(q) || (c.name ?? "").toUpperCase().includes(q) || c.networkList.some((n) => n.network.toUpperCase().includes(q));
}

/** The network columns, in order (their words: coins.headers.<id>). */
const NETWORK_HEADERS = ["network", "deposit", "withdraw", "withdrawFee", "withdrawMin", "withdrawMultiple", "minConfirm", "depositDust", "tag", "contract"] as const;

export function CoinsView() {
  const t = useTranslations("coins");
  const f = useFormat();
  const { url, setUrl, query } = useReferenceFilters(filters);
  const q = useCoins();
  const matches = useMemo(() => (q.coins ?? []).filter((c) => matchesCoin(c, query, url.flag)), [q.coins, query, url.flag]);
  const pages = Math.max(1, Math.ceil(matches.length / PAGE_SIZE));
  const page = Math.min(Math.max(1, url.page), pages);
  const shown = matches.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  return (
    <>
      <ReferenceSearch page="coins" value={url.q} onSearch={(text) => void setUrl({ q: text || null, page: null })}>
        <SelectField label={t("show")} value={url.flag} onChange={(e) => void setUrl({ flag: e.target.value || null, page: null })} options={FLAG_FILTERS.map((o) => ({ value: o.value, label: t(`flags.${o.id}`) }))} />
      </ReferenceSearch>
      <ReferenceStates query={q} list={q.coins} loadingLabel={t("loading")}>
        {(coins) =>
          matches.length === 0 ? (
            <EmptyState title={t("emptyTitle")}>{t("emptyText", { query: url.q })}</EmptyState>
          ) : (
            <>
              <p className="mb-2 text-sm text-slate-700 dark:text-slate-300" aria-live="polite" data-testid="coins-count">
                {t("count", { shown: f.count(matches.length), total: f.count(coins.length), page: f.count(page), pages: f.count(pages) })}
              </p>
              <div className="relative overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800" tabIndex={0} role="region" aria-label={t("tableLabel")} data-testid="coins-table">
                <table className="min-w-full text-sm">
                  <caption className="sr-only">{t("caption")}</caption>
                  <thead className="bg-slate-50 dark:bg-slate-800/60">
                    <tr>
                      {NETWORK_HEADERS.map((h, i) => (
                        <th key={h} scope="col" className={`whitespace-nowrap px-3 py-2 font-semibold ${i >= 3 && i <= 7 ? "text-right" : "text-left"} ${i === 0 ? stickyFirstHeader : ""}`}>
                          {t(`headers.${h}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  {shown.map((c) => (
                    <CoinGroup key={c.coin} coin={c} />
                  ))}
                </table>
              </div>
              <nav aria-label={t("pagesLabel")} className="mt-3 flex items-center gap-2">
                <button type="button" className={buttonSecondary} disabled={page <= 1} onClick={() => void setUrl({ page: page - 1 })}>
                  {t("previous")}
                </button>
                <button type="button" className={buttonSecondary} disabled={page >= pages} onClick={() => void setUrl({ page: page + 1 })}>
                  {t("next")}
                </button>
              </nav>
            </>
          )
        }
      </ReferenceStates>
    </>
  );
}

function CoinGroup({ coin }: { coin: CoinDef }) {
  const t = useTranslations("coins");
  return (
    <tbody className="border-t-2 border-slate-200 dark:border-slate-700">
      <tr className="bg-slate-50/60 dark:bg-slate-800/30">
        <th scope="rowgroup" colSpan={NETWORK_HEADERS.length} className="px-3 py-2 text-left">
          {/* the coin's name stays in view while the networks scroll sideways */}
          <span className="sticky left-3 inline-block text-base font-semibold">{coin.coin}</span>
          {coin.name ? <span className="ml-2 font-normal text-slate-600 dark:text-slate-400">{coin.name}</span> : null}
          <span className="ml-3 inline-flex flex-wrap gap-1 align-middle font-normal">
            <Badge tone={coin.depositAllEnable ? "good" : "bad"}>{coin.depositAllEnable ? t("depositsOn") : t("depositsOff")}</Badge>
            <Badge tone={coin.withdrawAllEnable ? "good" : "bad"}>{coin.withdrawAllEnable ? t("withdrawalsOn") : t("withdrawalsOff")}</Badge>
            {coin.trading !== undefined ? <Badge tone={coin.trading ? "good" : "neutral"}>{coin.trading ? t("tradable") : t("notTradable")}</Badge> : null}
          </span>
        </th>
      </tr>
      {coin.networkList.length === 0 ? (
        <tr>
          <td colSpan={NETWORK_HEADERS.length} className="px-3 py-2 text-slate-600 dark:text-slate-400">
            {t("noNetworks")}
          </td>
        </tr>
      ) : (
        coin.networkList.map((n) => (
          <tr key={n.network}>
            <th scope="row" className={`whitespace-nowrap px-3 py-2 text-left font-medium ${stickyFirstColumn}`}>
              {n.network} {n.isDefault ? <Badge tone="info">{t("default")}</Badge> : null}
            </th>
            <td className="min-w-40 px-3 py-2">
              <FlagBadge value={n.depositEnable} yes={t("enabled")} no={t("disabled")} />
              {!n.depositEnable && n.depositDesc ? <span className="block text-xs text-slate-600 dark:text-slate-400">{n.depositDesc}</span> : null}
            </td>
            <td className="min-w-40 px-3 py-2">
              <FlagBadge value={n.withdrawEnable} yes={t("enabled")} no={t("disabled")} />
              {!n.withdrawEnable && n.withdrawDesc ? <span className="block text-xs text-slate-600 dark:text-slate-400">{n.withdrawDesc}</span> : null}
            </td>
            <td className="px-3 py-2 text-right"><Amount value={n.withdrawFee} /></td>
            <td className="px-3 py-2 text-right"><Amount value={n.withdrawMin} /></td>
            <td className="px-3 py-2 text-right"><Amount value={n.withdrawIntegerMultiple} /></td>
            <td className="px-3 py-2 text-right tabular-nums">{n.minConfirm ?? "—"}</td>
            <td className="px-3 py-2 text-right"><Amount value={n.depositDust} /></td>
            <td className="px-3 py-2"><FlagBadge value={n.withdrawTag} yes={t("required")} no={t("no")} /></td>
            <td className="min-w-80 px-3 py-2">
              {n.contractAddress ? (
                n.contractAddressUrl && /^https:\/\//.test(n.contractAddressUrl) ? (
                  <a href={n.contractAddressUrl} target="_blank" rel="noopener noreferrer" className="break-all font-mono text-xs text-sky-800 underline dark:text-sky-300">
                    {n.contractAddress}
                    <span className="sr-only">{t("opensExplorer")}</span>
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
