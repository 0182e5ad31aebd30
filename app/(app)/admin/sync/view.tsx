"use client";

/**
 * The archive sync's admin view (GET /api/admin/sync, polled): per dataset its state, the
 * range it holds, rows, last run, last error and the progress of the current run, with "Sync
 * now" and "Re-sync range" (POST /api/admin/sync). Polls every 2 s while anything runs.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { DatasetStatus, SyncStatus } from "@/lib/archive/admin";
import { Badge, type Tone } from "@/components/ui/badge";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Section } from "@/components/ui/page-header";
import { TableSkeleton } from "@/components/ui/skeleton";
import { buttonPrimary, buttonSecondary, inputClass, mutedText } from "@/components/ui/styles";
import { apiGet, apiSend, isApiError } from "@/lib/ui/api";
import { runPercent } from "@/lib/archive/progress";
import { useFormat } from "@/components/i18n/use-format";

const PATH = "/api/admin/sync";

const STATE_TONE: Record<string, Tone> = { idle: "good", running: "info", error: "bad" };

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utcMinute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ");

export function SyncAdmin() {
  const t = useTranslations("archive.sync");
  const status = useQuery({
    queryKey: [PATH],
    queryFn: ({ signal }) => apiGet<SyncStatus>(PATH, {}, signal),
    refetchInterval: (q) => (q.state.data?.datasets.some((d) => d.state === "running" || d.requested) ? 2_000 : 10_000),
  });

  if (status.isPending) return <TableSkeleton rows={3} columns={6} label={t("loading")} />;
  if (status.isError) return <ErrorBanner error={status.error} onRetry={() => status.refetch()} />;
  const s = status.data;
  return (
    <div className="space-y-6">
      <p className={`text-sm ${mutedText}`} data-testid="sync-runner">
        {!s.enabled && s.runner !== "another-process"
          ? t("runner.offAlone")
          : !s.enabled
            ? t("runner.offOther")
            : s.runner === "this-process"
            ? t("runner.this")
            : s.runner === "another-process"
              ? t("runner.other")
              : t("runner.none")}
      </p>
      {s.datasets.map((d) => (
        <DatasetPanel key={d.dataset} d={d} now={s.now} canSync={s.enabled || s.runner === "another-process"} />
      ))}
    </div>
  );
}

function DatasetPanel({ d, now, canSync }: { d: DatasetStatus; now: number; canSync: boolean }) {
  const t = useTranslations("archive.sync");
  const { ago, count } = useFormat();
  const label = t("datasets", { dataset: d.dataset });
  const queryClient = useQueryClient();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "good" | "bad"; text: string } | null>(null);

  async function send(body: Record<string, unknown>, done: string) {
    setBusy(true);
    setMessage(null);
    try {
      const answer = (await apiSend("POST", PATH, JSON.stringify(body))) as { syncing?: boolean; message?: string } | undefined;
      setMessage(answer?.syncing === false ? { tone: "bad", text: answer.message ?? t("notSyncing") } : { tone: "good", text: done });
      await queryClient.invalidateQueries({ queryKey: [PATH] });
    } catch (e) {
      const fields = isApiError(e) && e.fields.length ? ` (${e.fields.map((f) => `${f.path} ${f.message}`).join("; ")})` : "";
      setMessage({ tone: "bad", text: `${(e as Error).message}${fields}` });
    } finally {
      setBusy(false);
    }
  }

  const p = d.progress;
  const running = d.state === "running";
  // Pages of the slice being fetched count too: "1 slice, page 17 of 19" is 84 %, not 0 %.
  const pct = runPercent(p) ?? 0;
  const id = `sync-${d.dataset}`;

  return (
    <Section
      id={id}
      title={label}
      // syncedAt is when the last complete run *started* (what the data is current to), which
      // is earlier than when it finished: both are named as what they are, side by side.
      description={
        d.syncedAt
          ? t("current", { ago: ago(d.syncedAt, now), at: utcMinute(d.syncedAt) })
          : t("noRunYet")
      }
      actions={
        <div className="flex items-center gap-2">
          {d.requested ? <Badge tone="info">{t("requested")}</Badge> : null}
          <Badge tone={STATE_TONE[d.state] ?? "neutral"}>{t("state", { state: d.state })}</Badge>
        </div>
      }
    >
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4" data-testid={`${id}-facts`}>
        <Fact label={t("facts.held")}>
          {d.held.length === 0 ? t("facts.nothing") : d.held.map((h) => `${utcDay(h.from)} – ${utcMinute(h.to)}`).join(", ")}
        </Fact>
        <Fact label={t("facts.rows")}>{count(d.rows)}</Fact>
        <Fact label={t("facts.started")}>{d.lastRunAt ? (d.runKind ? t("facts.startedKind", { ago: ago(d.lastRunAt, now), kind: d.runKind }) : ago(d.lastRunAt, now)) : t("facts.never")}</Fact>
        <Fact label={t("facts.finished")}>{d.lastSuccessAt ? ago(d.lastSuccessAt, now) : t("facts.never")}</Fact>
      </dl>

      {d.lastError && d.lastErrorAt !== null && (d.lastSuccessAt === null || d.lastErrorAt > d.lastSuccessAt) ? (
        <p role="alert" className="mt-3 rounded border border-red-300 bg-red-50 p-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {t.rich("lastError", { ago: ago(d.lastErrorAt, now), error: d.lastError, data: (c) => <span translate="no">{c}</span> })}
        </p>
      ) : d.lastError && d.lastErrorAt !== null ? (
        <p className={`mt-3 text-sm ${mutedText}`}>
          {t.rich("lastErrorResolved", { ago: ago(d.lastErrorAt, now), error: d.lastError, data: (c) => <span translate="no">{c}</span> })}
        </p>
      ) : null}

      {d.problems.count > 0 ? (
        <p role="status" className="mt-3 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-testid={`${id}-problems`}>
          {t("problems.kept", { count: d.problems.count })}
          {d.problems.lastSeenAt !== null ? t("problems.lastSeen", { ago: ago(d.problems.lastSeenAt, now) }) : ""}
          {d.problems.example
            ? t.rich("problems.example", { path: d.problems.example.path, value: d.problems.example.value, reason: d.problems.example.reason, code: (c) => <code>{c}</code> })
            : null}
          {t("problems.end")}
        </p>
      ) : null}

      {p.slices > 0 ? (
        <div className="mt-3 text-sm" data-testid={`${id}-progress`}>
          <div className="mb-1 flex justify-between">
            <span>
              {t("progress.summary", { running: running ? "yes" : "no", done: p.slicesDone, slices: p.slices, pages: count(p.pagesDone), rows: count(p.rowsWritten) })}
            </span>
            <span>{pct}%</span>
          </div>
          <div className="h-2 w-full rounded bg-slate-200 dark:bg-slate-800" role="progressbar" aria-label={t("progress.label", { dataset: label })} aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100}>
            <div className="h-2 rounded bg-sky-600" style={{ width: `${pct}%` }} />
          </div>
          {p.current ? (
            <p className={`mt-1 text-xs ${mutedText}`}>
              {t("progress.now", { from: utcDay(p.current.from), to: utcDay(p.current.to), page: p.current.page })}
              {p.current.pages ? t("progress.ofPages", { pages: p.current.pages }) : ""}
              {p.current.variant > 0 ? t("progress.part", { part: p.current.variant + 1 }) : ""}
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="mt-4 flex flex-wrap items-end gap-3">
        <button type="button" className={buttonPrimary} disabled={busy || !canSync} onClick={() => send({ action: "sync", dataset: d.dataset }, t("syncRequested"))}>
          {t("syncNow")}
        </button>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const body: Record<string, unknown> = { action: "resync", dataset: d.dataset };
            if (from) body.from = Date.parse(`${from}T00:00:00Z`);
            if (to) body.to = Date.parse(`${to}T23:59:59.999Z`);
            void send(body, t("resyncQueued"));
          }}
        >
          <label className="text-sm">
            <span className="mb-1 block font-medium">{t("from")}</span>
            <input type="date" className={inputClass} value={from} onChange={(e) => setFrom(e.target.value)} name={`${id}-from`} />
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium">{t("to")}</span>
            <input type="date" className={inputClass} value={to} onChange={(e) => setTo(e.target.value)} name={`${id}-to`} />
          </label>
          <button type="submit" className={buttonSecondary} disabled={busy || !canSync} title={t("resyncTitle")}>
            {t("resync")}
          </button>
        </form>
      </div>
      {message ? (
        <p role="status" className={`mt-2 text-sm ${message.tone === "bad" ? "text-red-700 dark:text-red-300" : "text-emerald-700 dark:text-emerald-300"}`}>
          {message.text}
        </p>
      ) : null}
    </Section>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className={`text-xs uppercase ${mutedText}`}>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
