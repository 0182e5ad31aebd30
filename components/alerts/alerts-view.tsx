"use client";

import { useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { ErrorBanner } from "@/components/ui/error-banner";
import { SelectField, TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/page-header";
import { TableSkeleton } from "@/components/ui/skeleton";
import { buttonPrimary, buttonSecondary, inputClass, mutedText } from "@/components/ui/styles";
import { useApiQuery } from "@/components/ui/use-api-query";
import { CADENCES, RULE_DEFAULTS, RULE_KIND_LABELS, RULE_KINDS, type RuleKind } from "@/lib/contract/alert-kinds";
import type { DeliveryView, DestinationView, EpisodeView, RuleView, ScheduleView } from "@/lib/contract/alerts";
import { apiSend, isApiError } from "@/lib/ui/api";
import type { ListPage } from "@/lib/contract/responses";
import { formatDateTime } from "@/lib/ui/time";
import { UNREAD_PATH } from "./alert-bell";
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

const HISTORY_COLUMNS: Column<EpisodeView>[] = [
  { header: "State", cell: (e) => (e.resolvedAt === null ? <Badge tone="bad">Open</Badge> : <Badge tone="good">Resolved</Badge>) },
  { header: "Rule", cell: (e) => e.ruleName },
  { header: "What", cell: (e) => e.summary },
  { header: "Fired", cell: (e) => when(e.openedAt), nowrap: true },
  { header: "Resolved", cell: (e) => when(e.resolvedAt), nowrap: true },
];

const HISTORY: ListSpec<EpisodeView> = {
  section: { title: "What fired", id: "history", description: "Every alert episode: it fires once when its condition starts to hold and resolves when it ends." },
  table: { label: "Alert history", testId: "alert-history", columns: HISTORY_COLUMNS },
  empty: "No alert has fired yet.",
};

function History() {
  const history = useApiQuery<ListPage<EpisodeView>>(PATHS.history, { pageSize: 100 });
  return <ListSection spec={HISTORY} query={history} />;
}

type Done = (message: string) => Promise<void>;

/** A section whose body is one list answer shown as a table. */
interface ListSpec<T> {
  section: { title: string; id: string; description: string };
  table: { label: string; testId: string; columns: readonly Column<T>[] };
  empty: string;
}

function ListSection<T extends { id: string }>({ spec, query }: { spec: ListSpec<T>; query: UseQueryResult<ListPage<T>> }) {
  return (
    <Section {...spec.section}>
      <Loaded query={query} label={`Loading: ${spec.table.label}`} empty={spec.empty} isEmpty={(d) => d.items.length === 0}>
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
      setError(new Error("Parameters must be JSON, e.g. {\"days\": 7}."));
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
      await onDone(`Added the rule "${r.rule.name}".`);
    } catch (e) {
      setError(e);
    }
  }

  async function change(rule: RuleView, what: "toggle" | "delete") {
    try {
      if (what === "delete") await apiSend("DELETE", `${PATHS.rules}/${rule.id}`, "");
      else await apiSend("PATCH", `${PATHS.rules}/${rule.id}`, JSON.stringify({ enabled: !rule.enabled }));
      await onDone(what === "delete" ? `Deleted the rule "${rule.name}" (its history stays).` : `${rule.enabled ? "Paused" : "Resumed"} the rule "${rule.name}".`);
    } catch (e) {
      setError(e);
    }
  }

  return (
    <Section title="Rules" id="rules" description="Evaluated on the archive after each sync (no extra WEEX requests).">
      <Loaded query={rules} label="Loading rules" empty="No rules yet." isEmpty={(d) => d.items.length === 0}>
        {(d) => (
          <ul className="space-y-2" data-testid="alert-rules">
            {d.items.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">{r.name}</span>
                <Badge tone="info">{RULE_KIND_LABELS[r.kind]}</Badge>
                {!r.enabled ? <Badge>paused</Badge> : null}
                <span className={mutedText}>
                  {JSON.stringify(r.params)} · {r.timeZone}
                  {r.quiet ? ` · quiet ${r.quiet.from}–${r.quiet.to}` : ""}
                </span>
                {isAdmin ? (
                  <>
                    <button type="button" className={buttonSecondary} onClick={() => void change(r, "toggle")}>
                      {r.enabled ? "Pause" : "Resume"}
                    </button>
                    <button type="button" className={buttonSecondary} onClick={() => void change(r, "delete")}>
                      Delete
                    </button>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Loaded>
      {isAdmin ? (
        <form action={add} className="mt-4 grid gap-3 sm:grid-cols-2" aria-label="Add a rule">
          <TextField label="Rule name" name="name" required error={fieldMessage(error, "name")} />
          <SelectField
            label="Kind"
            name="kind"
            value={kind}
            options={RULE_KINDS.map((k) => ({ value: k, label: RULE_KIND_LABELS[k] }))}
            onChange={(e) => {
              const k = e.target.value as RuleKind;
              setKind(k);
              setParams(defaults(k));
            }}
          />
          <label className="block text-sm font-medium sm:col-span-2">
            Parameters (JSON; the defaults are filled in)
            <textarea className={`${inputClass} mt-1 font-mono`} rows={3} value={params} onChange={(e) => setParams(e.target.value)} name="params" />
          </label>
          <TextField label="Time zone" name="timeZone" defaultValue="UTC" error={fieldMessage(error, "timeZone")} />
          <div className="grid grid-cols-2 gap-2">
            <TextField label="Quiet from" name="quietFrom" placeholder="22:00" error={fieldMessage(error, "quiet")} />
            <TextField label="Quiet to" name="quietTo" placeholder="07:00" />
          </div>
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium">Send to</legend>
            {(destinations.data?.items ?? []).map((d) => (
              <label key={d.id} className="mr-4 inline-flex items-center gap-1 text-sm">
                <input type="checkbox" name="destinationIds" value={d.id} /> {d.name}
              </label>
            ))}
            {(destinations.data?.items ?? []).length === 0 ? <p className={`text-sm ${mutedText}`}>Add a destination below to be notified; alerts are shown here either way.</p> : null}
          </fieldset>
          {error ? <p className="text-sm text-red-700 dark:text-red-400 sm:col-span-2" role="alert">{errorText(error)}</p> : null}
          <div>
            <button type="submit" className={buttonPrimary}>
              Add rule
            </button>
          </div>
        </form>
      ) : null}
    </Section>
  );
}

function Destinations({ onDone }: { onDone: Done }) {
  const destinations = useApiQuery<{ items: DestinationView[] }>(PATHS.destinations, {});
  const [kind, setKind] = useState<"webhook" | "email">("webhook");
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function add(form: FormData) {
    setError(null);
    const name = String(form.get("name") ?? "");
    const target = String(form.get("target") ?? "");
    const body = kind === "webhook" ? { kind, name, url: target } : { kind, name, email: target };
    try {
      const r = await apiSend<{ destination: DestinationView; secret: string | null }>("POST", PATHS.destinations, JSON.stringify(body));
      setSecret(r.secret ? { name: r.destination.name, secret: r.secret } : null);
      await onDone(`Added the destination "${r.destination.name}".`);
    } catch (e) {
      setError(e);
    }
  }

  async function act(d: DestinationView, what: "test" | "delete") {
    try {
      if (what === "test") await apiSend("POST", `${PATHS.destinations}/${d.id}/test`, "{}");
      else await apiSend("DELETE", `${PATHS.destinations}/${d.id}`, "");
      await onDone(what === "test" ? `Test queued for "${d.name}": see the delivery log.` : `Removed "${d.name}".`);
    } catch (e) {
      setError(e);
    }
  }

  return (
    <Section title="Destinations" id="destinations" description="Webhooks get a JSON POST signed with HMAC-SHA256 (header X-Weex-Signature); email goes over SMTP.">
      {secret ? (
        <div role="alert" className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50" data-testid="webhook-secret">
          Signing secret of &quot;{secret.name}&quot; — copy it now, it is not shown again: <code className="break-all font-mono">{secret.secret}</code>
        </div>
      ) : null}
      {destinations.isError ? <ErrorBanner error={destinations.error} onRetry={() => destinations.refetch()} /> : null}
      <ul className="space-y-2" data-testid="alert-destinations">
        {(destinations.data?.items ?? []).map((d) => (
          <li key={d.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">{d.name}</span>
            <Badge>{d.kind}</Badge>
            <span className={`break-all ${mutedText}`}>{d.target}</span>
            <button type="button" className={buttonSecondary} onClick={() => void act(d, "test")}>
              Send a test
            </button>
            <button type="button" className={buttonSecondary} onClick={() => void act(d, "delete")}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form action={add} className="mt-4 grid gap-3 sm:grid-cols-3" aria-label="Add a destination">
        <SelectField
          label="Channel"
          name="kind"
          value={kind}
          options={[
            { value: "webhook", label: "Webhook" },
            { value: "email", label: "Email" },
          ]}
          onChange={(e) => setKind(e.target.value as "webhook" | "email")}
        />
        <TextField label="Destination name" name="name" required error={fieldMessage(error, "name")} />
        <TextField label={kind === "webhook" ? "Webhook URL" : "Email address"} name="target" required error={fieldMessage(error, kind === "webhook" ? "url" : "email")} />
        {error && !isApiError(error) ? <p role="alert" className="text-sm text-red-700">{errorText(error)}</p> : null}
        <div>
          <button type="submit" className={buttonPrimary}>
            Add destination
          </button>
        </div>
      </form>
    </Section>
  );
}

function Schedules({ onDone }: { onDone: Done }) {
  const schedules = useApiQuery<{ items: ScheduleView[] }>(PATHS.schedules, {});
  const destinations = useApiQuery<{ items: DestinationView[] }>(PATHS.destinations, {});
  const [error, setError] = useState<unknown>(null);

  async function add(form: FormData) {
    setError(null);
    const body = { name: String(form.get("name") ?? ""), cadence: String(form.get("cadence")), timeZone: String(form.get("timeZone") || "UTC"), destinationIds: form.getAll("destinationIds").map(String) };
    try {
      const r = await apiSend<{ schedule: ScheduleView }>("POST", PATHS.schedules, JSON.stringify(body));
      await onDone(`Scheduled "${r.schedule.name}": first report ${when(r.schedule.nextDueAt)}.`);
    } catch (e) {
      setError(e);
    }
  }

  async function remove(s: ScheduleView) {
    try {
      await apiSend("DELETE", `${PATHS.schedules}/${s.id}`, "");
      await onDone(`Stopped "${s.name}".`);
    } catch (e) {
      setError(e);
    }
  }

  return (
    <Section title="Scheduled reports" id="schedules" description="KPIs against the previous period, the top ten sub-affiliates, the invitee funnel and the period's sub-affiliate CSV.">
      <ul className="space-y-2" data-testid="alert-schedules">
        {(schedules.data?.items ?? []).map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">{s.name}</span>
            <Badge>{s.cadence}</Badge>
            <span className={mutedText}>
              {s.timeZone} · next {when(s.nextDueAt)}
            </span>
            <button type="button" className={buttonSecondary} onClick={() => void remove(s)}>
              Stop
            </button>
          </li>
        ))}
      </ul>
      <form action={add} className="mt-4 grid gap-3 sm:grid-cols-3" aria-label="Add a scheduled report">
        <TextField label="Report name" name="name" required error={fieldMessage(error, "name")} />
        <SelectField label="Every" name="cadence" defaultValue="weekly" options={CADENCES.map((c) => ({ value: c, label: c }))} />
        <TextField label="Report time zone" name="timeZone" defaultValue="UTC" error={fieldMessage(error, "timeZone")} />
        <fieldset className="sm:col-span-3">
          <legend className="text-sm font-medium">Send to</legend>
          {(destinations.data?.items ?? []).map((d) => (
            <label key={d.id} className="mr-4 inline-flex items-center gap-1 text-sm">
              <input type="checkbox" name="destinationIds" value={d.id} /> {d.name}
            </label>
          ))}
          {fieldMessage(error, "destinationIds") ? <p className="text-xs text-red-700 dark:text-red-400">{fieldMessage(error, "destinationIds")}</p> : null}
        </fieldset>
        <div>
          <button type="submit" className={buttonPrimary}>
            Add schedule
          </button>
        </div>
      </form>
    </Section>
  );
}

const DELIVERY_COLUMNS: Column<DeliveryView>[] = [
  { header: "State", cell: (d) => <Badge tone={d.state === "sent" ? "good" : d.state === "failed" ? "bad" : "warn"}>{d.state}</Badge> },
  { header: "To", cell: (d) => d.destinationName ?? d.destinationId },
  { header: "Message", cell: (d) => `${d.purpose}: ${d.title}` },
  {
    header: "Attempts",
    cell: (d) => (
      <ol className="space-y-0.5">
        {d.attempts.map((a) => (
          <li key={a.attempt} className="whitespace-nowrap">
            #{a.attempt} {when(a.at)} {a.ok ? "ok" : "failed"}
            {a.status !== null ? ` (HTTP ${a.status})` : ""}
            {a.error && !a.ok ? ` — ${a.error}` : ""}
          </li>
        ))}
        {d.nextAttemptAt !== null ? <li className={mutedText}>next try {when(d.nextAttemptAt)}</li> : null}
      </ol>
    ),
  },
];

const DELIVERIES: ListSpec<DeliveryView> = {
  section: { title: "Delivery log", id: "deliveries", description: "Every message and each attempt; failures are retried with growing gaps." },
  table: { label: "Delivery log", testId: "delivery-log", columns: DELIVERY_COLUMNS },
  empty: "Nothing sent yet.",
};

function DeliveryLog() {
  const log = useApiQuery<ListPage<DeliveryView>>(PATHS.deliveries, { pageSize: 50 });
  const pending = (log.data?.items ?? []).some((d) => d.state === "pending" || d.state === "sending");
  const { refetch } = log;
  // While something waits to be sent (or retried), look again every 2 s.
  useEffect(() => {
    if (!pending) return;
    const t = setInterval(() => void refetch(), 2_000);
    return () => clearInterval(t);
  }, [pending, refetch]);
  return <ListSection spec={DELIVERIES} query={log} />;
}
