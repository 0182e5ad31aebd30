"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Badge, type Tone } from "@/components/ui/badge";
import { TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/page-header";
import { stickyFirstColumn } from "@/components/ui/table-columns";
import { Pager } from "@/components/ui/pager";
import { usePagedQuery } from "@/components/ui/use-url-paging";
import { PlainTable, QueryStates } from "@/components/ui/plain-table";
import { buttonPrimary, buttonSecondary, inputClass } from "@/components/ui/styles";
import { auditQuery } from "./query-options";
import { auditSearch } from "./search-params";

/** The outcomes the log records (lib/db/audit.ts), their colour; their words: admin.audit.outcomes. */
const OUTCOME_TONE = {
  success: "good",
  failure: "bad",
  error: "bad",
  rejected: "warn",
  throttled: "warn",
  unknown: "warn",
} as const satisfies Record<string, Tone>;
type Outcome = keyof typeof OUTCOME_TONE;
const isKnownOutcome = (o: string): o is Outcome => Object.hasOwn(OUTCOME_TONE, o);

/** The audit log, newest first; filter and page live in the URL (reload and links keep them). */
export function AuditLog() {
  const t = useTranslations("admin.audit");
  // a recorded outcome in words; one this page does not know is shown as recorded
  const outcomeText = (o: string) => (isKnownOutcome(o) ? t(`outcomes.${o}`) : o);
  // An out-of-range link (?page=-1) is corrected in the URL and said once, before any request.
  const { url: state, setUrl: setState, paging, query: log } = usePagedQuery(auditSearch, "audit", auditQuery, undefined);
  const [userDraft, setUserDraft] = useState(state.username);

  return (
    <div className="space-y-6">
      <Section title={t("filter")} id="audit-filter">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void setState({ username: userDraft.trim().toLowerCase(), page: 1 });
          }}
        >
          <TextField label={t("user")} name="user" value={userDraft} onChange={(e) => setUserDraft(e.target.value)} hint={t("userHint")} fieldClassName="w-48" />
          <div className="w-56">
            <label htmlFor="audit-action" className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
              {t("action")}
            </label>
            <select id="audit-action" className={inputClass} value={state.action} onChange={(e) => void setState({ action: e.target.value, page: 1 })}>
              <option value="">{t("allActions")}</option>
              {(log.data?.actions ?? (state.action ? [state.action] : [])).map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonPrimary}>
            {t("apply")}
          </button>
          {state.username || state.action ? (
            <button
              type="button"
              className={buttonSecondary}
              onClick={() => {
                setUserDraft("");
                void setState({ username: "", action: "", page: 1 });
              }}
            >
              {t("clear")}
            </button>
          ) : null}
        </form>
      </Section>

      <Section title={t("entries")} id="audit-entries" description={t("entriesDescription")}>
        <QueryStates query={log} skeleton={{ rows: 6, columns: 6, label: t("loading") }}>
          {(data) =>
            data.items.length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{t("empty")}</p>
            ) : (
              <PlainTable caption={t("caption")} columns={[t("time"), t("user"), t("action"), t("outcome"), t("orderId"), t("ip"), t("details")]} testId="audit-table">
                {data.items.map((r) => (
                  <tr key={r.id} className="border-b border-slate-100 align-top dark:border-slate-800">
                    <td className={`whitespace-nowrap py-2 pr-4 font-mono text-xs ${stickyFirstColumn}`}>{r.at.slice(0, 19).replace("T", " ")}</td>
                    <td className="py-2 pr-4">{r.username ?? "—"}</td>
                    <td className="py-2 pr-4 font-mono text-xs">{r.action}</td>
                    <td className="py-2 pr-4">
                      <Badge tone={isKnownOutcome(r.outcome) ? OUTCOME_TONE[r.outcome] : "neutral"}>{outcomeText(r.outcome)}</Badge>
                    </td>
                    <td className="py-2 pr-4 font-mono text-xs">{r.upstreamOrderId ?? "—"}</td>
                    <td className="py-2 pr-4 font-mono text-xs">{r.ip ?? "—"}</td>
                    <td className="py-2">
                      <details>
                        <summary className="cursor-pointer text-sky-800 underline dark:text-sky-300">{t("show")}</summary>
                        <pre className="mt-1 max-w-xl overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs dark:bg-slate-950">
                          {JSON.stringify(r.detail, null, 2)}
                        </pre>
                      </details>
                    </td>
                  </tr>
                ))}
              </PlainTable>
            )
          }
        </QueryStates>
        {paging.notice ? (
          <p role="status" className="mt-2 text-sm text-amber-800 dark:text-amber-300" data-testid="paging-notice">
            {paging.notice}
          </p>
        ) : null}
        {log.data ? (
          <Pager
            label={t("pagerLabel")}
            page={log.data.page}
            pageSize={paging.pageSize}
            pageSizes={paging.pageSizes}
            list={log.data}
            busy={log.isFetching}
            onPage={paging.onPage}
            onPageSize={paging.onPageSize}
          />
        ) : null}
      </Section>
    </div>
  );
}
