"use client";

import { useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { UNREAD_PATH } from "@/components/alerts/alert-bell";
import { Badge } from "@/components/ui/badge";
import { ErrorBanner } from "@/components/ui/error-banner";
import { SelectField, TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/page-header";
import { TableSkeleton } from "@/components/ui/skeleton";
import { buttonPrimary, buttonSecondary, inputClass, mutedText } from "@/components/ui/styles";
import { useApiQuery } from "@/components/ui/use-api-query";
import { useFormat } from "@/components/i18n/use-format";
import { episodeSummary, type AlertsTranslate } from "@/lib/alerts/summary";
import { LOCALES, LOCALE_NAMES, type Locale } from "@/lib/i18n/locales";
import { AUDIENCES, CADENCES, RULE_DEFAULTS, RULE_KINDS, type Audience, type RuleKind } from "@/lib/contract/alert-kinds";
import type { DeliveryView, DestinationView, EpisodeView, RuleView, ScheduleView } from "@/lib/contract/alerts";
import { apiSend, isApiError } from "@/lib/ui/api";
import type { ListPage } from "@/lib/contract/responses";
import { formatDateTime } from "@/lib/time/calendar";
import { AlertTable, type Column } from "./alert-table";

const PATHS = {
  history: "/api/alerts",
  rules: "/api/alerts/rules",
  destinations: "/api/alerts/destinations",
  schedules: "/api/alerts/schedules",
  deliveries: "/api/alerts/deliveries",
} as const;

const when = (ms: number | null) => (ms === null ? "—" : formatDateTime(ms, "UTC") + " UTC");
const fieldMessage = (error: unknown, path: string) => (isApiError(error) ? (error.fields.find((f) => f.path === path || f.path.startsWith(`${path}.`))?.message ?? null) : null);
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** /alerts: what fired (everyone); rules, destinations, schedules and the delivery log (admins change them). */
export function AlertsView({ isAdmin }: { isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState("");

  // Opening the page reads the alerts: the bell goes back to 0.
  useEffect(() => {
    void apiSend("POST", "/api/alerts/read", "{}").then(() => queryClient.invalidateQueries({ queryKey: [UNREAD_PATH] }));
  }, [queryClient]);

  async function done(message: string) {
    setNotice(message);
    await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith("/api/alerts") });
  }

  return (
    <div className="space-y-8">
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-emerald-800 dark:text-emerald-300" data-testid="alerts-notice">
        {notice}
      </p>
      <History />
      <Rules isAdmin={isAdmin} onDone={done} />
      {isAdmin ? (
        <>
          <Destinations onDone={done} />
          <Schedules onDone={done} />
          <DeliveryLog />
        </>
      ) : null}
    </div>
  );
}

/** The alerts namespace's translator (its keys are checked by the catalogue test and the typed calls below). */
type T = ReturnType<typeof useTranslations<"alerts">>;

function historySpec(t: T, summary: (e: EpisodeView) => string): ListSpec<EpisodeView> {
  const columns: Column<EpisodeView>[] = [
    { header: t("history.state"), cell: (e) => (e.resolvedAt === null ? <Badge tone="bad">{t("history.open")}</Badge> : <Badge tone="good">{t("history.resolved")}</Badge>) },
    { header: t("history.rule"), cell: (e) => e.ruleName },
    { header: t("history.what"), cell: summary },
    { header: t("history.fired"), cell: (e) => when(e.openedAt), nowrap: true },
    { header: t("history.resolvedAt"), cell: (e) => when(e.resolvedAt), nowrap: true },
  ];
  return {
    section: { title: t("history.title"), id: "history", description: t("history.description") },
    table: { label: t("history.label"), testId: "alert-history", columns },
    empty: t("history.empty"),
  };
}

function History() {
  const t = useTranslations("alerts");
  const f = useFormat();
  const history = useApiQuery<ListPage<EpisodeView>>(PATHS.history, { pageSize: 100 });
  // The summary in the page's language, from the episode's detail (English as stored).
  const summary = (e: EpisodeView) => episodeSummary(e, t as unknown as AlertsTranslate, f);
  return <ListSection spec={historySpec(t, summary)} query={history} />;
}

type Done = (message: string) => Promise<void>;

/** A section whose body is one list answer shown as a table. */
interface ListSpec<T> {
  section: { title: string; id: string; description: string };
  table: { label: string; testId: string; columns: readonly Column<T>[] };
  empty: string;
}

function ListSection<T extends { id: string }>({ spec, query }: { spec: ListSpec<T>; query: UseQueryResult<ListPage<T>> }) {
  const t = useTranslations("alerts");
  return (
    <Section {...spec.section}>
      <Loaded query={query} label={t("loading", { label: spec.table.label })} empty={spec.empty} isEmpty={(d) => d.items.length === 0}>
        {(d) => <AlertTable {...spec.table} rows={d.items} />}
      </Loaded>
    </Section>
  );
}

/** A query's data once loaded; meanwhile a skeleton, on failure the error with a retry, or the empty text. */
function Loaded<T>({ query, label, empty, isEmpty, children }: { query: UseQueryResult<T>; label: string; empty: string; isEmpty: (d: T) => boolean; children: (d: T) => React.ReactNode }) {
  if (query.isPending) return <TableSkeleton rows={3} columns={4} label={label} />;
  if (query.isError) return <ErrorBanner error={query.error} onRetry={() => query.refetch()} />;
  return isEmpty(query.data) ? <p className={mutedText}>{empty}</p> : <>{children(query.data)}</>;
}

const defaults = (kind: RuleKind) => JSON.stringify(RULE_DEFAULTS[kind], null, 1);

function Rules({ isAdmin, onDone }: { isAdmin: boolean; onDone: Done }) {
  const t = useTranslations("alerts");
  const rules = useApiQuery<{ items: RuleView[] }>(PATHS.rules, {});
  const destinations = useApiQuery<{ items: DestinationView[] }>(PATHS.destinations, {}, { enabled: isAdmin });
  const [kind, setKind] = useState<RuleKind>("drop");
  const [params, setParams] = useState(defaults("drop"));
  const [error, setError] = useState<unknown>(null);

  async function add(form: FormData) {
    setError(null);
    let parsedParams: unknown;
    try {
      parsedParams = JSON.parse(params);
    } catch {
      setError(new Error(t("rules.paramsNotJson")));
      return;
    }
    const quietFrom = String(form.get("quietFrom") ?? "");
    const quietTo = String(form.get("quietTo") ?? "");
    const body = {
      name: String(form.get("name") ?? ""),
      kind,
      params: parsedParams,
      timeZone: String(form.get("timeZone") || "UTC"),
      quiet: quietFrom && quietTo ? { from: quietFrom, to: quietTo } : null,
      destinationIds: form.getAll("destinationIds").map(String),
    };
    try {
      const r = await apiSend<{ rule: RuleView }>("POST", PATHS.rules, JSON.stringify(body));
      await onDone(t("notices.ruleAdded", { name: r.rule.name }));
    } catch (e) {
      setError(e);
    }
  }

  async function change(rule: RuleView, what: "toggle" | "delete") {
    try {
      if (what === "delete") await apiSend("DELETE", `${PATHS.rules}/${rule.id}`, "");
      else await apiSend("PATCH", `${PATHS.rules}/${rule.id}`, JSON.stringify({ enabled: !rule.enabled }));
      const notice = what === "delete" ? "notices.ruleDeleted" : rule.enabled ? "notices.rulePaused" : "notices.ruleResumed";
      await onDone(t(notice, { name: rule.name }));
    } catch (e) {
      setError(e);
    }
  }

  return (
    <Section title={t("rules.title")} id="rules" description={t("rules.description")}>
      <Loaded query={rules} label={t("rules.loading")} empty={t("rules.empty")} isEmpty={(d) => d.items.length === 0}>
        {(d) => (
          <ul className="space-y-2" data-testid="alert-rules">
            {d.items.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium" translate="no">
                  {r.name}
                </span>
                <Badge tone="info">{t(`kinds.${r.kind}`)}</Badge>
                {!r.enabled ? <Badge>{t("rules.paused")}</Badge> : null}
                <span className={mutedText}>
                  <span translate="no">
                    {JSON.stringify(r.params)} · {r.timeZone}
                  </span>
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
              </li>
            ))}
          </ul>
        )}
      </Loaded>
      {isAdmin ? (
        <form action={add} className="mt-4 grid gap-3 sm:grid-cols-2" aria-label={t("rules.form")}>
          <TextField label={t("rules.name")} name="name" required error={fieldMessage(error, "name")} />
          <SelectField
            label={t("rules.kind")}
            name="kind"
            value={kind}
            options={RULE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            onChange={(e) => {
              const k = e.target.value as RuleKind;
              setKind(k);
              setParams(defaults(k));
            }}
          />
          <label className="block text-sm font-medium sm:col-span-2">
            {t("rules.params")}
            <textarea translate="no" className={`${inputClass} mt-1 font-mono`} rows={3} value={params} onChange={(e) => setParams(e.target.value)} name="params" />
          </label>
          <TextField label={t("rules.timeZone")} name="timeZone" defaultValue="UTC" error={fieldMessage(error, "timeZone")} />
          <div className="grid grid-cols-2 gap-2">
            <TextField label={t("rules.quietFrom")} name="quietFrom" placeholder="22:00" error={fieldMessage(error, "quiet")} />
            <TextField label={t("rules.quietTo")} name="quietTo" placeholder="07:00" />
          </div>
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium">{t("rules.sendTo")}</legend>
            {(destinations.data?.items ?? []).map((d) => (
              <label key={d.id} className="mr-4 inline-flex items-center gap-1 text-sm">
                <input type="checkbox" name="destinationIds" value={d.id} /> <span translate="no">{d.name}</span>
              </label>
            ))}
            {(destinations.data?.items ?? []).length === 0 ? <p className={`text-sm ${mutedText}`}>{t("rules.noDestinations")}</p> : null}
          </fieldset>
          {error ? <p className="text-sm text-red-700 dark:text-red-400 sm:col-span-2" role="alert">{errorText(error)}</p> : null}
          <div>
            <button type="submit" className={buttonPrimary}>
              {t("rules.add")}
            </button>
          </div>
        </form>
      ) : null}
    </Section>
  );
}

function Destinations({ onDone }: { onDone: Done }) {
  const t = useTranslations("alerts");
  const f = useFormat();
  const destinations = useApiQuery<{ items: DestinationView[] }>(PATHS.destinations, {});
  const [kind, setKind] = useState<"webhook" | "email">("webhook");
  // A new destination's messages: in the page's language unless another is chosen.
  const [locale, setLocale] = useState<Locale>(f.locale);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function add(form: FormData) {
    setError(null);
    const name = String(form.get("name") ?? "");
    const target = String(form.get("target") ?? "");
    const body = kind === "webhook" ? { kind, name, url: target, locale } : { kind, name, email: target, locale };
    try {
      const r = await apiSend<{ destination: DestinationView; secret: string | null }>("POST", PATHS.destinations, JSON.stringify(body));
      setSecret(r.secret ? { name: r.destination.name, secret: r.secret } : null);
      await onDone(t("notices.destinationAdded", { name: r.destination.name }));
    } catch (e) {
      setError(e);
    }
  }

  async function act(d: DestinationView, what: "test" | "delete") {
    try {
      if (what === "test") await apiSend("POST", `${PATHS.destinations}/${d.id}/test`, "{}");
      else await apiSend("DELETE", `${PATHS.destinations}/${d.id}`, "");
      await onDone(t(what === "test" ? "notices.testQueued" : "notices.destinationRemoved", { name: d.name }));
    } catch (e) {
      setError(e);
    }
  }

  return (
    <Section title={t("destinations.title")} id="destinations" description={t("destinations.description")}>
      {secret ? (
        <div role="alert" className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50" data-testid="webhook-secret">
          {t("destinations.secret", { name: secret.name })} <code className="break-all font-mono">{secret.secret}</code>
        </div>
      ) : null}
      {destinations.isError ? <ErrorBanner error={destinations.error} onRetry={() => destinations.refetch()} /> : null}
      <ul className="space-y-2" data-testid="alert-destinations">
        {(destinations.data?.items ?? []).map((d) => (
          <li key={d.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium" translate="no">
              {d.name}
            </span>
            <Badge>{t(`destinations.${d.kind}`)}</Badge>
            <span lang={d.locale} translate="no" className={mutedText}>
              {LOCALE_NAMES[d.locale]}
            </span>
            <span className={`break-all ${mutedText}`} translate="no">
              {d.target}
            </span>
            <button type="button" className={buttonSecondary} onClick={() => void act(d, "test")}>
              {t("destinations.sendTest")}
            </button>
            <button type="button" className={buttonSecondary} onClick={() => void act(d, "delete")}>
              {t("destinations.remove")}
            </button>
          </li>
        ))}
      </ul>
      <form action={add} className="mt-4 grid gap-3 sm:grid-cols-3" aria-label={t("destinations.form")}>
        <SelectField
          label={t("destinations.channel")}
          name="kind"
          value={kind}
          options={[
            { value: "webhook", label: t("destinations.webhook") },
            { value: "email", label: t("destinations.email") },
          ]}
          onChange={(e) => setKind(e.target.value as "webhook" | "email")}
        />
        <TextField label={t("destinations.name")} name="name" required error={fieldMessage(error, "name")} />
        <TextField
          label={kind === "webhook" ? t("destinations.url") : t("destinations.address")}
          name="target"
          required
          error={fieldMessage(error, kind === "webhook" ? "url" : "email")}
        />
        <SelectField
          label={t("destinations.language")}
          name="locale"
          value={locale}
          options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          onChange={(e) => setLocale(e.target.value as Locale)}
        />
        {error && !isApiError(error) ? <p role="alert" className="text-sm text-red-700">{errorText(error)}</p> : null}
        <div>
          <button type="submit" className={buttonPrimary}>
            {t("destinations.add")}
          </button>
        </div>
      </form>
    </Section>
  );
}

function Schedules({ onDone }: { onDone: Done }) {
  const t = useTranslations("alerts");
  const schedules = useApiQuery<{ items: ScheduleView[] }>(PATHS.schedules, {});
  const destinations = useApiQuery<{ items: DestinationView[] }>(PATHS.destinations, {});
  const [error, setError] = useState<unknown>(null);
  const [audience, setAudience] = useState<Audience>("destinations");

  async function add(form: FormData) {
    setError(null);
    const common = { name: String(form.get("name") ?? ""), cadence: String(form.get("cadence")), timeZone: String(form.get("timeZone") || "UTC") };
    // (each partner's report goes to their own email: no destinations)
    const body = audience === "each-partner" ? { ...common, audience } : { ...common, destinationIds: form.getAll("destinationIds").map(String) };
    try {
      const r = await apiSend<{ schedule: ScheduleView }>("POST", PATHS.schedules, JSON.stringify(body));
      await onDone(t("notices.scheduled", { name: r.schedule.name, at: when(r.schedule.nextDueAt) }));
    } catch (e) {
      setError(e);
    }
  }

  async function remove(s: ScheduleView) {
    try {
      await apiSend("DELETE", `${PATHS.schedules}/${s.id}`, "");
      await onDone(t("notices.stopped", { name: s.name }));
    } catch (e) {
      setError(e);
    }
  }

  return (
    <Section title={t("schedules.title")} id="schedules" description={t("schedules.description")}>
      <ul className="space-y-2" data-testid="alert-schedules">
        {(schedules.data?.items ?? []).map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium" translate="no">
              {s.name}
            </span>
            <Badge>{t(`schedules.cadences.${s.cadence}`)}</Badge>
            {s.audience === "each-partner" ? <Badge>{t("schedules.eachPartner")}</Badge> : null}
            <span className={mutedText}>{t("schedules.next", { timeZone: s.timeZone, at: when(s.nextDueAt) })}</span>
            {s.skippedPartners.length ? (
              <span className={mutedText} data-testid="schedule-skipped">
                {t("schedules.skipped", { list: s.skippedPartners.join(", ") })}
              </span>
            ) : null}
            <button type="button" className={buttonSecondary} onClick={() => void remove(s)}>
              {t("schedules.stop")}
            </button>
          </li>
        ))}
      </ul>
      <form action={add} className="mt-4 grid gap-3 sm:grid-cols-3" aria-label={t("schedules.form")}>
        <TextField label={t("schedules.name")} name="name" required error={fieldMessage(error, "name")} />
        <SelectField label={t("schedules.every")} name="cadence" defaultValue="weekly" options={CADENCES.map((c) => ({ value: c, label: t(`schedules.cadences.${c}`) }))} />
        <TextField label={t("schedules.timeZone")} name="timeZone" defaultValue="UTC" error={fieldMessage(error, "timeZone")} />
        <SelectField
          label={t("schedules.audience")}
          name="audience"
          value={audience}
          onChange={(e) => setAudience(e.target.value as Audience)}
          options={AUDIENCES.map((a) => ({ value: a, label: t(`schedules.audiences.${a}`) }))}
          error={fieldMessage(error, "audience")}
        />
        <fieldset className="sm:col-span-3" hidden={audience === "each-partner"}>
          <legend className="text-sm font-medium">{t("schedules.sendTo")}</legend>
          {(destinations.data?.items ?? []).map((d) => (
            <label key={d.id} className="mr-4 inline-flex items-center gap-1 text-sm">
              <input type="checkbox" name="destinationIds" value={d.id} /> <span translate="no">{d.name}</span>
            </label>
          ))}
          {fieldMessage(error, "destinationIds") ? <p className="text-xs text-red-700 dark:text-red-400">{fieldMessage(error, "destinationIds")}</p> : null}
        </fieldset>
        <div>
          <button type="submit" className={buttonPrimary}>
            {t("schedules.add")}
          </button>
        </div>
      </form>
    </Section>
  );
}

function deliveriesSpec(t: T): ListSpec<DeliveryView> {
  const columns: Column<DeliveryView>[] = [
    { header: t("deliveries.state"), cell: (d) => <Badge tone={d.state === "sent" ? "good" : d.state === "failed" ? "bad" : "warn"}>{t(`deliveries.states.${d.state}`)}</Badge> },
    { header: t("deliveries.to"), cell: (d) => (d.recipient ? t("deliveries.toPartner", { username: d.recipient.username }) : (d.destinationName ?? d.destinationId)) },
    { header: t("deliveries.message"), cell: (d) => `${t(`deliveries.purposes.${d.purpose}`)}: ${d.title}` },
    {
      header: t("deliveries.attempts"),
      cell: (d) => (
        <ol className="space-y-0.5">
          {d.attempts.map((a) => (
            <li key={a.attempt} className="whitespace-nowrap">
              #{a.attempt} {when(a.at)} {a.ok ? t("deliveries.ok") : t("deliveries.failed")}
              {a.status !== null ? ` (HTTP ${a.status})` : ""}
              {a.error && !a.ok ? ` — ${a.error}` : ""}
            </li>
          ))}
          {d.nextAttemptAt !== null ? <li className={mutedText}>{t("deliveries.nextTry", { at: when(d.nextAttemptAt) })}</li> : null}
        </ol>
      ),
    },
  ];
  return {
    section: { title: t("deliveries.title"), id: "deliveries", description: t("deliveries.description") },
    table: { label: t("deliveries.label"), testId: "delivery-log", columns },
    empty: t("deliveries.empty"),
  };
}

function DeliveryLog() {
  const t = useTranslations("alerts");
  const log = useApiQuery<ListPage<DeliveryView>>(PATHS.deliveries, { pageSize: 50 });
  const pending = (log.data?.items ?? []).some((d) => d.state === "pending" || d.state === "sending");
  const { refetch } = log;
  // While something waits to be sent (or retried), look again every 2 s.
  useEffect(() => {
    if (!pending) return;
    const t = setInterval(() => void refetch(), 2_000);
    return () => clearInterval(t);
  }, [pending, refetch]);
  return <ListSection spec={deliveriesSpec(t)} query={log} />;
}
