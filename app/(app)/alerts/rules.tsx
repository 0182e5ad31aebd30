"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { SelectField, TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/page-header";
import { buttonSecondary, mutedText } from "@/components/ui/styles";
import { useRouteQuery } from "@/components/ui/use-api-query";
import { useFormat } from "@/components/i18n/use-format";
import { conditionText } from "@/lib/alerts/condition";
import type { AlertsTranslate } from "@/lib/alerts/summary";
import { RULE_KINDS, type RuleKind } from "@/lib/contract/alert-kinds";
import type { RuleView } from "@/lib/contract/alerts";
import { apiSend } from "@/lib/ui/api";
import { ALERT_PATHS, destinationsQuery, rulesQuery } from "./query-options";
import { DestinationChoices, FormFoot, Loaded, NamedItem, errorText, fieldMessage, useSend, type Done } from "./section";
import { RuleParamFields, defaultTexts, readParams, type ParamTexts } from "./rule-params";

/** The rules, each with its condition in words (everyone); admins add, pause and delete them. */
export function Rules({ isAdmin, onDone }: { isAdmin: boolean; onDone: Done }) {
  const t = useTranslations("alerts");
  const f = useFormat();
  const say = t as unknown as AlertsTranslate;
  const rules = useRouteQuery(rulesQuery());
  const { error, run } = useSend(onDone);

  function change(rule: RuleView, what: "toggle" | "delete") {
    const notice = what === "delete" ? "notices.ruleDeleted" : rule.enabled ? "notices.rulePaused" : "notices.ruleResumed";
    return run(
      () => (what === "delete" ? apiSend("DELETE", `${ALERT_PATHS.rules}/${rule.id}`, "") : apiSend("PATCH", `${ALERT_PATHS.rules}/${rule.id}`, JSON.stringify({ enabled: !rule.enabled }))),
      () => t(notice, { name: rule.name }),
    );
  }

  return (
    <Section title={t("rules.title")} id="rules" description={t("rules.description")}>
      <Loaded query={rules} label={t("rules.loading")} empty={t("rules.empty")} isEmpty={(d) => d.items.length === 0}>
        {(d) => (
          <ul className="space-y-2" data-testid="alert-rules">
            {d.items.map((r) => (
              <NamedItem key={r.id} name={r.name}>
                <Badge tone="info">{t(`kinds.${r.kind}`)}</Badge>
                {!r.enabled ? <Badge>{t("rules.paused")}</Badge> : null}
                <span className={mutedText}>
                  <span data-testid="rule-condition">{conditionText(r, say, f)}</span> · <span translate="no">{r.timeZone}</span>
                  {r.quiet ? ` · ${t("rules.quiet", { from: r.quiet.from, to: r.quiet.to })}` : ""}
                </span>
                {isAdmin ? (
                  <>
                    <button type="button" className={buttonSecondary} onClick={() => void change(r, "toggle")}>
                      {r.enabled ? t("rules.pause") : t("rules.resume")}
                    </button>
                    <button type="button" className={buttonSecondary} onClick={() => void change(r, "delete")}>
                      {t("rules.delete")}
                    </button>
                  </>
                ) : null}
              </NamedItem>
            ))}
          </ul>
        )}
      </Loaded>
      {error ? (
        <p className="mt-2 text-sm text-red-700 dark:text-red-400" role="alert">
          {errorText(error)}
        </p>
      ) : null}
      {isAdmin ? <RuleForm onDone={onDone} /> : null}
    </Section>
  );
}

/** Add a rule: its kind's parameters as fields (checked here, and by the server), the condition said as it will be shown. */
function RuleForm({ onDone }: { onDone: Done }) {
  const t = useTranslations("alerts");
  const f = useFormat();
  const say = t as unknown as AlertsTranslate;
  const destinations = useRouteQuery(destinationsQuery());
  const [kind, setKind] = useState<RuleKind>("drop");
  const [texts, setTexts] = useState<ParamTexts>(() => defaultTexts("drop"));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const { error, run } = useSend(onDone);
  const read = readParams(kind, texts, say);

  // A bad parameter stops the submission before the action runs: the action would reset the
  // form (React resets a form after its action), losing what was typed.
  function check(e: React.FormEvent) {
    if ("problems" in read) {
      e.preventDefault();
      setProblems(read.problems);
    } else setProblems({});
  }

  function add(form: FormData) {
    if ("problems" in read) return;
    const quietFrom = String(form.get("quietFrom") ?? "");
    const quietTo = String(form.get("quietTo") ?? "");
    const body = {
      name: String(form.get("name") ?? ""),
      kind,
      params: read.params,
      timeZone: String(form.get("timeZone") || "UTC"),
      quiet: quietFrom && quietTo ? { from: quietFrom, to: quietTo } : null,
      destinationIds: form.getAll("destinationIds").map(String),
    };
    return run(
      () => apiSend<{ rule: RuleView }>("POST", ALERT_PATHS.rules, JSON.stringify(body)),
      (r) => t("notices.ruleAdded", { name: r.rule.name }),
    );
  }

  const choices = destinations.data?.items ?? [];
  return (
    <form action={add} onSubmit={check} className="mt-4 grid gap-3 sm:grid-cols-2" aria-label={t("rules.form")}>
      <TextField label={t("rules.name")} name="name" required error={fieldMessage(error, "name")} />
      <SelectField
        label={t("rules.kind")}
        name="kind"
        value={kind}
        options={RULE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        onChange={(e) => {
          const k = e.target.value as RuleKind;
          setKind(k);
          setTexts(defaultTexts(k));
          setProblems({});
        }}
      />
      <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-3">
        <legend className="text-sm font-medium">{t("rules.params")}</legend>
        <RuleParamFields kind={kind} texts={texts} onChange={setTexts} problems={problems} error={error} t={say} />
      </fieldset>
      <p className={`text-sm sm:col-span-2 ${mutedText}`} data-testid="rule-condition-preview">
        {t("rules.condition", { condition: "params" in read ? conditionText({ kind, params: read.params }, say, f) : "—" })}
      </p>
      <TextField label={t("rules.timeZone")} name="timeZone" defaultValue="UTC" error={fieldMessage(error, "timeZone")} />
      <div className="grid grid-cols-2 gap-2">
        <TextField label={t("rules.quietFrom")} name="quietFrom" placeholder="22:00" error={fieldMessage(error, "quiet")} />
        <TextField label={t("rules.quietTo")} name="quietTo" placeholder="07:00" />
      </div>
      <DestinationChoices destinations={choices} legend={t("rules.sendTo")} className="sm:col-span-2">
        {choices.length === 0 ? <p className={`text-sm ${mutedText}`}>{t("rules.noDestinations")}</p> : null}
      </DestinationChoices>
      <FormFoot error={error} label={t("rules.add")} errorClass="text-sm text-red-700 dark:text-red-400 sm:col-span-2" />
    </form>
  );
}
