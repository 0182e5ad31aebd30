"use client";

import dynamic from "next/dynamic";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { ExportButton } from "@/components/export/export-button";
import { SEVERITY_TONE } from "@/components/risk/risk-badge";
import { Amount } from "@/components/ui/amount";
import { Badge } from "@/components/ui/badge";
import { CopyableId } from "@/components/ui/copyable-id";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField, TextField } from "@/components/ui/field";
import { FilterForm } from "@/components/ui/filter-form";
import { IntentLink } from "@/components/ui/intent-link";
import { ListToolbar } from "@/components/ui/list-toolbar";
import { PagedTable } from "@/components/ui/paged-table";
import { ChartSkeleton } from "@/components/ui/skeleton";
import { cardClass, mutedText } from "@/components/ui/styles";
import { columnHelper } from "@/components/ui/table-columns";
import { usePagedQuery, type PageRequest } from "@/components/ui/use-url-paging";
import { RISK_FLAG_STATES, RISK_RULE_KEYS, RISK_SEVERITIES, RISK_SUBJECT_TYPES, type RiskFlagItem, type RiskFlagsPage, type RiskFlagState, type RiskRuleKey, type RiskSeverity, type RiskSubjectType } from "@/lib/contract/risk";
import { formatDate, formatDateTime } from "@/lib/time/calendar";
import { detailLink } from "@/lib/ui/url-state";
import type { Values } from "nuqs";
import { RISK_FLAGS_PATH, riskFilter, riskFlagsQuery } from "./query-options";
import { riskSearch } from "./search-params";

// A flag's detail (its own request, the chart) loads only when one is opened.
const FlagDetail = dynamic(() => import("./detail").then((m) => m.FlagDetail), { ssr: false, loading: () => <ChartSkeleton height={220} /> });

const pagedFlags = (url: Values<typeof riskSearch>, paging: PageRequest) => riskFlagsQuery(url, paging);

/**
 * /risk: the flags the risk rules raised on the archive — how many of each severity and the
 * commission at risk per coin, the list with its filters in the URL and its CSV, and a flag's
 * detail under `?flag=` (its evidence, the figures behind it, links, and an admin's review).
 */
export function RiskView({ isAdmin }: { isAdmin: boolean }) {
  const t = useTranslations("risk");
  const { url, setUrl, paging, query: q } = usePagedQuery(riskSearch, "riskFlags", pagedFlags, null);
  const search = useSearchParams();
  const filter = riskFilter(url);

  const columns = useMemo(() => {
    const h = columnHelper<RiskFlagItem>();
    const detailHref = (id: string) => detailLink("/risk", search, "flag", id, "flag-detail");
    return h.columns([
      h.accessor("severity", { header: t("view.columns.severity"), cell: (c) => <Badge tone={SEVERITY_TONE[c.getValue()]}>{t(`view.severities.${c.getValue()}`)}</Badge> }),
      h.accessor("rule", { header: t("view.columns.rule"), cell: (c) => <span className="whitespace-nowrap">{t(`rules.${c.getValue()}.name`)}</span> }),
      h.accessor("subject", {
        header: t("view.columns.subject"),
        cell: (c) => (
          <span className="flex flex-col gap-0.5">
            <span className={`text-xs ${mutedText}`}>{t(`view.subjectTypes.${c.getValue().type}`)}</span>
            <CopyableId value={c.getValue().id} />
          </span>
        ),
        meta: { nowrap: true },
      }),
      h.accessor("summary", { header: t("view.columns.summary"), cell: (c) => <span className="block min-w-64">{c.getValue()}</span> }),
      h.accessor("lastSeenAt", { header: t("view.columns.lastSeen"), cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(c.getValue(), "UTC")}</span> }),
      h.accessor("state", { header: t("view.columns.state"), cell: (c) => t(`view.states.${c.getValue()}`) }),
      h.display({
        id: "detail",
        header: t("view.columns.detail"),
        cell: (c) => {
          const f = c.row.original;
          const label = t("view.columns.detailLabel", { id: f.id, rule: t(`rules.${f.rule}.name`), subject: f.subject.id });
          return (
            <IntentLink className="text-sky-800 underline dark:text-sky-300" href={detailHref(f.id)} scroll={false} aria-label={label} data-testid="risk-open">
              {t("view.columns.open")}
            </IntentLink>
          );
        },
      }),
    ]);
  }, [t, search]);

  const initial = draftOf(url);
  const filtered = FILTER_KEYS.some((k) => k !== "state" && initial[k] !== "");
  return (
    <>
      {q.data ? <RiskSummary page={q.data} state={url.state} /> : null}
      <RiskFilters
        key={FILTER_KEYS.map((k) => initial[k]).join("|")}
        initial={initial}
        onApply={(f) =>
          void setUrl({
            state: f.state === "open" ? null : (f.state as RiskFlagState),
            rule: (f.rule || null) as RiskRuleKey | null,
            severity: (f.severity || null) as RiskSeverity | null,
            subjectType: (f.subjectType || null) as RiskSubjectType | null,
            subject: f.subject || null,
            seenFrom: f.seenFrom || null,
            seenTo: f.seenTo || null,
            page: null,
          })
        }
        onReset={() => void setUrl({ ...Object.fromEntries(FILTER_KEYS.map((k) => [k, null])), page: null })}
      />
      <ListToolbar note={t("view.exportNote")}>
        <ExportButton href={`${RISK_FLAGS_PATH}/export`} params={filter} fallbackFilename="risk-flags.csv" />
      </ListToolbar>
      {url.flag && /^\d{1,18}$/.test(url.flag) ? <FlagDetail key={url.flag} id={url.flag} isAdmin={isAdmin} onClose={() => void setUrl({ flag: null })} /> : null}
      <PagedTable
        query={q}
        columns={columns}
        caption={t("view.caption", { state: t(`view.states.${url.state}`) })}
        getRowId={(r) => r.id}
        testId="risk-table"
        label={t("view.tableLabel")}
        loadingLabel={t("view.loading")}
        empty={<EmptyState title={filtered ? t("view.empty.filteredTitle") : t("view.empty.title")}>{filtered ? t("view.empty.filteredText") : t("view.empty.text")}</EmptyState>}
        paging={paging}
      />
    </>
  );
}

/** How many flags of each severity match the filters, and the commission the open ones put at risk, per coin (never added together). */
function RiskSummary({ page, state }: { page: RiskFlagsPage; state: RiskFlagState }) {
  const t = useTranslations("risk.view");
  const { counts, atRisk } = page;
  const coins = atRisk ? [...atRisk.invitees.map((c) => ({ ...c, label: t("atRiskInvitees", { coin: c.coin }) })), ...atRisk.subAffiliates.map((c) => ({ ...c, label: t("atRiskSubAffiliates", { coin: c.coin }) }))] : [];
  return (
    <div className="mb-4 grid gap-4 lg:grid-cols-2">
      {counts ? (
        <section aria-labelledby="risk-counts" data-testid="risk-counts">
          <h2 id="risk-counts" className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
            {t("summaryTitle")}
          </h2>
          <p className={`mb-2 text-xs ${mutedText}`}>{t("countNote", { state: t(`states.${state}`) })}</p>
          <dl className="grid grid-cols-3 gap-2">
            {[...RISK_SEVERITIES].reverse().map((s) => (
              <div key={s} className={`${cardClass} !p-3`}>
                <dt className="text-xs text-slate-600 dark:text-slate-400">{t("countLabel", { severity: t(`severities.${s}`) })}</dt>
                <dd className="mt-1 text-xl font-semibold tabular-nums" data-testid={`risk-count-${s}`}>
                  {counts[s]}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {atRisk ? (
        <section aria-labelledby="risk-at-risk" data-testid="risk-at-risk">
          <h2 id="risk-at-risk" className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
            {t("atRiskTitle")}
          </h2>
          <p className={`mb-2 text-xs ${mutedText}`}>{t("atRiskNote", { from: formatDate(atRisk.from, "UTC"), to: formatDate(atRisk.to, "UTC") })}</p>
          {coins.length ? (
            <dl className="grid grid-cols-2 gap-2">
              {coins.map((c) => (
                <div key={c.label} className={`${cardClass} min-w-0 !p-3`}>
                  <dt className="text-xs text-slate-600 dark:text-slate-400">{c.label}</dt>
                  <dd className="mt-1 break-all font-semibold">
                    <Amount value={c.amount} coin={c.coin} className="!whitespace-normal" />
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className={`text-sm ${mutedText}`}>{t("atRiskNone")}</p>
          )}
        </section>
      ) : null}
    </div>
  );
}

/** The URL's filters the form edits (the page, its size and the open flag are not filters). */
const FILTER_KEYS = ["state", "rule", "severity", "subjectType", "subject", "seenFrom", "seenTo"] as const;
type Draft = Record<(typeof FILTER_KEYS)[number], string>;

/** The form's text of each filter in the URL (absent: empty). */
const draftOf = (url: Values<typeof riskSearch>): Draft => Object.fromEntries(FILTER_KEYS.map((k) => [k, url[k] ?? ""])) as Draft;

function RiskFilters({ initial, onApply, onReset }: { initial: Draft; onApply: (f: Draft) => void; onReset: () => void }) {
  const t = useTranslations("risk");
  const f = (k: string) => t(`view.filters.${k as "state"}`);
  const [draft, setDraft] = useState(initial);
  const subject = draft.subject.trim();
  const subjectError = subject && !/^[\x21-\x7e]{1,64}$/.test(subject) ? f("subjectError") : null;
  const rangeError = draft.seenFrom && draft.seenTo && draft.seenTo < draft.seenFrom ? f("rangeError") : null;
  const any = { value: "", label: f("any") };
  const select = (key: keyof Draft, options: { value: string; label: string }[]) => (
    <SelectField label={f(key)} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} options={options} />
  );
  return (
    <FilterForm label={f("label")} onApply={() => !subjectError && !rangeError && onApply({ ...draft, subject })} onReset={onReset} applyDisabled={!!(subjectError || rangeError)}>
      {select("state", RISK_FLAG_STATES.map((s) => ({ value: s, label: t(`view.states.${s}`) })))}
      {select("rule", [any, ...RISK_RULE_KEYS.map((r) => ({ value: r, label: t(`rules.${r}.name`) }))])}
      {select("severity", [any, ...[...RISK_SEVERITIES].reverse().map((s) => ({ value: s, label: t(`view.severities.${s}`) }))])}
      {select("subjectType", [any, ...RISK_SUBJECT_TYPES.map((s) => ({ value: s, label: t(`view.subjectTypes.${s}`) }))])}
      <TextField label={f("subject")} autoComplete="off" value={draft.subject} onChange={(e) => setDraft({ ...draft, subject: e.target.value })} error={subjectError} placeholder={f("any")} />
      <TextField label={f("seenFrom")} type="date" value={draft.seenFrom} onChange={(e) => setDraft({ ...draft, seenFrom: e.target.value })} hint="UTC" />
      <TextField label={f("seenTo")} type="date" value={draft.seenTo} onChange={(e) => setDraft({ ...draft, seenTo: e.target.value })} error={rangeError} hint="UTC" />
    </FilterForm>
  );
}
