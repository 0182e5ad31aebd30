"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { saveCsv } from "@/components/export/download";
import { useFormat } from "@/components/i18n/use-format";
import { Badge } from "@/components/ui/badge";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { LazyDataTable as DataTable, usePreloadDataTable } from "@/components/ui/lazy-data-table";
import { Section } from "@/components/ui/page-header";
import { buttonPrimary, buttonSecondary, inputClass } from "@/components/ui/styles";
import { columnHelper } from "@/components/ui/table-columns";
import { VERIFY_MAX_UIDS } from "@/lib/contract/params";
import type { BodyInput } from "@/lib/contract/queries";
import type { ReferralCheck } from "@/lib/contract/responses";
import { apiSend, isApiError } from "@/lib/ui/api";
import { parseUidList, referralsCsv } from "@/lib/ui/invitee-value";

const PATH = "/api/affiliate/referrals/verify";
type Shown = "all" | "referrals" | "others";
type Item = ReferralCheck["items"][number];

/** How many bad entries the field error names before "and N more". */
const NAMED = 5;

/**
 * /referrals: which of a list of uids (a contest's entrants, a KOL's claimed users) are the
 * affiliate's invitees. The list is pasted or read from a file in the browser, checked
 * for entries that are not uids before anything is sent, asked of the server in one request (it
 * asks WEEX 100 at a time), and the answer is shown and exported as CSV made in the browser.
 */
export function ReferralsView() {
  const t = useTranslations("referrals");
  const f = useFormat();
  const [text, setText] = useState("");
  const [shown, setShown] = useState<Shown>("all");
  const [checkedError, setCheckedError] = useState<string | null>(null);
  usePreloadDataTable();
  const verify = useMutation({
    mutationFn: (body: BodyInput<typeof PATH>) => apiSend<ReferralCheck>("POST", PATH, JSON.stringify(body)),
    retry: 0,
  });

  const submit = () => {
    const list = parseUidList(text);
    if (list.uids.length === 0) return setCheckedError(t("errors.empty"));
    if (list.uids.length > VERIFY_MAX_UIDS) return setCheckedError(t("errors.tooMany", { max: f.count(VERIFY_MAX_UIDS), count: f.count(list.uids.length) }));
    if (list.bad.length) {
      const named = list.bad.slice(0, NAMED).map((b) => t("errors.entry", { place: b.place, text: b.text }));
      const more = list.bad.length > NAMED ? t("errors.more", { count: list.bad.length - NAMED }) : "";
      return setCheckedError(t("errors.bad", { count: list.bad.length, entries: named.join(t("errors.separator")) + more }));
    }
    setCheckedError(null);
    verify.mutate({ uids: list.uids });
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setText(await file.text());
    setCheckedError(null);
    verify.reset();
  };

  // A 400 names the bad uids by their place (uids.17): said on the field, as the browser's own check does.
  const serverFieldError =
    verify.error && isApiError(verify.error) && verify.error.fields.length
      ? t("errors.server", { entries: verify.error.fields.map((x) => x.path.replace(/^uids\.(\d+)$/, (_, i: string) => `#${Number(i) + 1}`)).join(t("errors.separator")) })
      : null;
  const fieldError = checkedError ?? serverFieldError;

  return (
    <>
      <Section id="verify" title={t("form.title")} description={t("form.description", { max: f.count(VERIFY_MAX_UIDS) })}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          className="space-y-3"
        >
          <Field label={t("form.list")} hint={t("form.hint")} error={fieldError}>
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                className={`${inputClass} w-full font-mono`}
                rows={8}
                spellCheck={false}
                translate="no"
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  setCheckedError(null);
                }}
                name="uids"
                data-testid="referrals-input"
              />
            )}
          </Field>
          <Field label={t("form.file")} hint={t("form.fileHint")}>
            {({ id, describedBy }) => (
              <input id={id} aria-describedby={describedBy} type="file" accept=".csv,.txt,text/csv,text/plain" className="block max-w-full text-sm" onChange={(e) => void readFile(e.target.files?.[0])} />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonPrimary} disabled={verify.isPending}>
              {verify.isPending ? t("form.checking") : t("form.submit")}
            </button>
            <button
              type="button"
              className={buttonSecondary}
              onClick={() => {
                setText("");
                setCheckedError(null);
                verify.reset();
              }}
            >
              {t("form.clear")}
            </button>
          </div>
        </form>
      </Section>
      {verify.isError && !serverFieldError ? <ErrorBanner error={verify.error} onRetry={submit} title={t("loadError")} /> : null}
      {verify.data ? <Result check={verify.data} shown={shown} onShown={setShown} /> : null}
    </>
  );
}

function Result({ check, shown, onShown }: { check: ReferralCheck; shown: Shown; onShown: (s: Shown) => void }) {
  const t = useTranslations("referrals");
  const f = useFormat();
  const items = useMemo(() => (shown === "all" ? check.items : check.items.filter((i) => i.referral === (shown === "referrals"))), [check, shown]);
  const columns = useMemo(() => {
    const h = columnHelper<Item>();
    return h.columns([
      h.accessor("uid", { header: t("columns.uid"), cell: (c) => <span className="font-mono tabular-nums">{c.getValue()}</span>, meta: { nowrap: true } }),
      h.accessor("referral", { header: t("columns.referral"), cell: (c) => (c.getValue() ? <Badge tone="good">{t("yes")}</Badge> : <Badge>{t("no")}</Badge>) }),
    ]);
  }, [t]);
  return (
    <Section
      id="result"
      title={t("result.title")}
      description={t("result.summary", { asked: f.count(check.items.length), referrals: f.count(check.referrals), others: f.count(check.others) })}
      actions={
        <button type="button" className={buttonSecondary} onClick={() => saveCsv(referralsCsv(check), "referral-check.csv")} data-testid="referrals-export">
          {t("result.export")}
        </button>
      }
    >
      <p role="status" className="sr-only">
        {t("result.summary", { asked: f.count(check.items.length), referrals: f.count(check.referrals), others: f.count(check.others) })}
      </p>
      <div className="mb-3">
        <ChoiceGroup
          legend={t("result.show")}
          name="referrals-shown"
          value={shown}
          options={(["all", "referrals", "others"] as const).map((s) => ({ value: s, label: t(`result.shown.${s}`) }))}
          onChange={onShown}
        />
      </div>
      <DataTable columns={columns} data={items} caption={t("result.caption", { count: f.count(items.length) })} getRowId={(r) => r.uid} testId="referrals-table" />
    </Section>
  );
}
