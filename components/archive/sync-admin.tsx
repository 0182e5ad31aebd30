"use client";

/**
 * The archive sync's admin view (GET /api/admin/sync, polled): per dataset its state, the
 * range it holds, rows, last run, last error and the progress of the current run, with "Sync
 * now" and "Re-sync range" (POST /api/admin/sync). Polls every 2 s while anything runs.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { DatasetStatus, SyncStatus } from "@/lib/archive/admin";
import { Badge, type Tone } from "@/components/ui/badge";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Section } from "@/components/ui/page-header";
import { TableSkeleton } from "@/components/ui/skeleton";
import { buttonPrimary, buttonSecondary, inputClass, mutedText } from "@/components/ui/styles";
import { apiGet, apiSend, isApiError } from "@/lib/ui/api";
import { runPercent } from "@/lib/archive/progress";
import { agoText } from "./ago";

const PATH = "/api/admin/sync";

const STATE_TONE: Record<string, Tone> = { idle: "good", running: "info", error: "bad" };

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utcMinute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ");

export function SyncAdmin() {
  const status = useQuery({
    queryKey: [PATH],
    queryFn: ({ signal }) => apiGet<SyncStatus>(PATH, {}, signal),
    refetchInterval: (q) => (q.state.data?.datasets.some((d) => d.state === "running" || d.requested) ? 2_000 : 10_000),
  });

  if (status.isPending) return <TableSkeleton rows={3} columns={6} label="Loading the archive's state" />;
  if (status.isError) return <ErrorBanner error={status.error} onRetry={() => status.refetch()} />;
  const s = status.data;
  return (
    <div className="space-y-6">
      <p className={`text-sm ${mutedText}`} data-testid="sync-runner">
        {!s.enabled && s.runner !== "another-process"
          ? "This instance does not sync (ARCHIVE_SYNC=off) and no other process runs the sync: the archive is read as it is, and Sync now and Re-sync are unavailable."
          : !s.enabled
            ? "This instance does not sync (ARCHIVE_SYNC=off); another dashboard process runs the sync and picks up requests made here."
            : s.runner === "this-process"
            ? "This server process runs the sync."
            : s.runner === "another-process"
              ? "Another dashboard process runs the sync (one at a time, by a PostgreSQL lock)."
              : "No process runs the sync at the moment; one takes it over within seconds."}
      </p>
      {s.datasets.map((d) => (
        <DatasetPanel key={d.dataset} d={d} now={s.now} canSync={s.enabled || s.runner === "another-process"} />
      ))}
    </div>
  );
}

function DatasetPanel({ d, now, canSync }: { d: DatasetStatus; now: number; canSync: boolean }) {
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
      setMessage(answer?.syncing === false ? { tone: "bad", text: answer.message ?? "This instance does not sync." } : { tone: "good", text: done });
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
      title={d.label}
      // syncedAt is when the last complete run *started* (what the data is current to), which
      // is earlier than when it finished: both are named as what they are, side by side.
      description={
        d.syncedAt
          ? `Data current as of ${agoText(d.syncedAt, now)} (${utcMinute(d.syncedAt)} UTC), when the last complete run started.`
          : "No complete run yet: the first backfill is building the history."
      }
      actions={
        <div className="flex items-center gap-2">
          {d.requested ? <Badge tone="info">requested</Badge> : null}
          <Badge tone={STATE_TONE[d.state] ?? "neutral"}>{d.state}</Badge>
        </div>
      }
    >
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4" data-testid={`${id}-facts`}>
        <Fact label="Range held (UTC)">
          {d.held.length === 0 ? "nothing yet" : d.held.map((h) => `${utcDay(h.from)} – ${utcMinute(h.to)}`).join(", ")}
        </Fact>
        <Fact label="Rows">{d.rows.toLocaleString("en-US")}</Fact>
        <Fact label="Last run started">{d.lastRunAt ? `${agoText(d.lastRunAt, now)}${d.runKind ? ` (${d.runKind})` : ""}` : "never"}</Fact>
        <Fact label="Last run finished">{d.lastSuccessAt ? agoText(d.lastSuccessAt, now) : "never"}</Fact>
      </dl>

      {d.lastError && d.lastErrorAt !== null && (d.lastSuccessAt === null || d.lastErrorAt > d.lastSuccessAt) ? (
        <p role="alert" className="mt-3 rounded border border-red-300 bg-red-50 p-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          Last error ({agoText(d.lastErrorAt, now)}; the run resumes where it stopped): {d.lastError}
        </p>
      ) : d.lastError && d.lastErrorAt !== null ? (
        <p className={`mt-3 text-sm ${mutedText}`}>
          Last error {agoText(d.lastErrorAt, now)}, resolved since: {d.lastError}
        </p>
      ) : null}

      {d.problems.count > 0 ? (
        <p role="status" className="mt-3 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-testid={`${id}-problems`}>
          {d.problems.count.toLocaleString("en-US")} record{d.problems.count === 1 ? "" : "s"} from WEEX could not be stored and {d.problems.count === 1 ? "is" : "are"} kept
          as received{d.problems.lastSeenAt !== null ? ` (last seen ${agoText(d.problems.lastSeenAt, now)})` : ""}
          {d.problems.example ? (
            <>
              , e.g. <code>{d.problems.example.path}</code> = <code>{d.problems.example.value}</code>: {d.problems.example.reason}
            </>
          ) : null}
          .
        </p>
      ) : null}

      {p.slices > 0 ? (
        <div className="mt-3 text-sm" data-testid={`${id}-progress`}>
          <div className="mb-1 flex justify-between">
            <span>
              {running ? "Current run" : "Last run"}: {p.slicesDone} of {p.slices} {p.slices === 1 ? "slice" : "slices"} done, {p.pagesDone.toLocaleString("en-US")} pages,{" "}
              {p.rowsWritten.toLocaleString("en-US")} rows written
            </span>
            <span>{pct}%</span>
          </div>
          <div className="h-2 w-full rounded bg-slate-200 dark:bg-slate-800" role="progressbar" aria-label={`${d.label}: progress`} aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100}>
            <div className="h-2 rounded bg-sky-600" style={{ width: `${pct}%` }} />
          </div>
          {p.current ? (
            <p className={`mt-1 text-xs ${mutedText}`}>
              Now: {utcDay(p.current.from)} – {utcDay(p.current.to)}, page {p.current.page}
              {p.current.pages ? ` of ${p.current.pages}` : ""}
              {p.current.variant > 0 ? ` (part ${p.current.variant + 1})` : ""}
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="mt-4 flex flex-wrap items-end gap-3">
        <button type="button" className={buttonPrimary} disabled={busy || !canSync} onClick={() => send({ action: "sync", dataset: d.dataset }, "Sync requested; it starts within seconds.")}>
          Sync now
        </button>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const body: Record<string, unknown> = { action: "resync", dataset: d.dataset };
            if (from) body.from = Date.parse(`${from}T00:00:00Z`);
            if (to) body.to = Date.parse(`${to}T23:59:59.999Z`);
            void send(body, "Re-sync queued.");
          }}
        >
          <label className="text-sm">
            <span className="mb-1 block font-medium">From (UTC day)</span>
            <input type="date" className={inputClass} value={from} onChange={(e) => setFrom(e.target.value)} name={`${id}-from`} />
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium">To (UTC day)</span>
            <input type="date" className={inputClass} value={to} onChange={(e) => setTo(e.target.value)} name={`${id}-to`} />
          </label>
          <button type="submit" className={buttonSecondary} disabled={busy || !canSync} title="Re-read the range from WEEX; rows WEEX no longer returns are removed">
            Re-sync range
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
