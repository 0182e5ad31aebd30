"use client";

/**
 * What the sections of /alerts share: the section of one list answer shown as a table, a
 * query's loading/error/empty states, the destinations to tick, and `useSend` — the one way a
 * section sends a change: the error kept for the form to show by field, the notice and the
 * refresh of every alerts query on success.
 */
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Section } from "@/components/ui/page-header";
import { TableSkeleton } from "@/components/ui/skeleton";
import { buttonPrimary, mutedText } from "@/components/ui/styles";
import type { DestinationView } from "@/lib/contract/alerts";
import type { ListPage } from "@/lib/contract/responses";
import { isApiError } from "@/lib/ui/api";
import { formatDateTime } from "@/lib/time/calendar";
import { AlertTable, type Column } from "./alert-table";

/** The alerts namespace's translator (its keys are checked by the catalogue test and the typed calls). */
export type T = ReturnType<typeof useTranslations<"alerts">>;
/** Show a notice and refresh every alerts query. */
export type Done = (message: string) => Promise<void>;

export const when = (ms: number | null) => (ms === null ? "—" : formatDateTime(ms, "UTC") + " UTC");
/** The server's 400 message for a field (or a field under it), if the error names it. */
export const fieldMessage = (error: unknown, path: string) => (isApiError(error) ? (error.fields.find((f) => f.path === path || f.path.startsWith(`${path}.`))?.message ?? null) : null);
export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Send a change: `run(send, notice)` awaits `send`, then shows `notice` of its answer and
 * refreshes the alerts; on failure keeps the error (`error`) for the section to show.
 */
export function useSend(onDone: Done) {
  const [error, setError] = useState<unknown>(null);
  async function run<R>(send: () => Promise<R>, notice: (answer: R) => string): Promise<void> {
    setError(null);
    try {
      const answer = await send();
      await onDone(notice(answer));
    } catch (e) {
      setError(e);
    }
  }
  return { error, setError, run };
}

/** A section whose body is one list answer shown as a table; its words are the `key` messages. */
export interface ListSpec<R> {
  key: "history" | "deliveries";
  testId: string;
  columns: readonly Column<R>[];
}

export function ListSection<R extends { id: string }>({ spec, query }: { spec: ListSpec<R>; query: UseQueryResult<ListPage<R>> }) {
  const t = useTranslations("alerts");
  const label = t(`${spec.key}.label`);
  return (
    <Section title={t(`${spec.key}.title`)} id={spec.key} description={t(`${spec.key}.description`)}>
      <Loaded query={query} label={t("loading", { label })} empty={t(`${spec.key}.empty`)} isEmpty={(d) => d.items.length === 0}>
        {(d) => <AlertTable label={label} testId={spec.testId} columns={spec.columns} rows={d.items} />}
      </Loaded>
    </Section>
  );
}

/** A query's data once loaded; meanwhile a skeleton, on failure the error with a retry, or the empty text. */
export function Loaded<D>({ query, label, empty, isEmpty, children }: { query: UseQueryResult<D>; label: string; empty: string; isEmpty: (d: D) => boolean; children: (d: D) => React.ReactNode }) {
  if (query.isPending) return <TableSkeleton rows={3} columns={4} label={label} />;
  if (query.isError) return <ErrorBanner error={query.error} onRetry={() => query.refetch()} />;
  return isEmpty(query.data) ? <p className={mutedText}>{empty}</p> : <>{children(query.data)}</>;
}

/** Checkboxes `destinationIds`, one per destination. */
export function DestinationChoices({ destinations, legend, hidden, className, children }: { destinations: readonly DestinationView[]; legend: string; hidden?: boolean; className: string; children?: React.ReactNode }) {
  return (
    <fieldset className={className} hidden={hidden}>
      <legend className="text-sm font-medium">{legend}</legend>
      {destinations.map((d) => (
        <label key={d.id} className="mr-4 inline-flex items-center gap-1 text-sm">
          <input type="checkbox" name="destinationIds" value={d.id} /> <span translate="no">{d.name}</span>
        </label>
      ))}
      {children}
    </fieldset>
  );
}

/** One item of a list of named things (a rule, destination, schedule): its name, then the rest. */
export function NamedItem({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium" translate="no">
        {name}
      </span>
      {children}
    </li>
  );
}

/** A form's end: the error that no field shows (if any), and its submit button. */
export function FormFoot({ error, label, errorClass }: { error: unknown; label: string; errorClass: string }) {
  return (
    <>
      {error ? (
        <p role="alert" className={errorClass}>
          {errorText(error)}
        </p>
      ) : null}
      <div>
        <button type="submit" className={buttonPrimary}>
          {label}
        </button>
      </div>
    </>
  );
}
