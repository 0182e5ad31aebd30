"use client";

/**
 * "Export CSV": downloads what the current filters show, with progress (rows so far), a
 * cancel button, and a clear message when the export fails — also when it breaks off half-way,
 * in which case no file is saved.
 *
 * Usage: `<ExportButton href="/api/affiliate/sub-affiliates/export" params={filters} />`.
 * The button's accessible name stays "Export CSV" in every state (tests and screen readers
 * can rely on it); progress and outcome are announced through a polite live region.
 */
import { useTranslations } from "next-intl";
import { useContext, useEffect, useId, useRef, useState } from "react";
import { ErrorBanner } from "@/components/ui/error-banner";
import { buttonSecondary, mutedText } from "@/components/ui/styles";
import { queryString, type QueryParams } from "@/lib/ui/api";
import { ExportsAllowed } from "./exports-allowed";

export interface ExportButtonProps {
  /** the export route, e.g. "/api/affiliate/sub-affiliates/export" */
  href: string;
  /** the filters the page shows; empty values are left out */
  params?: QueryParams;
  label?: string;
  /** used when the server names no file */
  fallbackFilename?: string;
  className?: string;
}

type State =
  | { phase: "idle" }
  | { phase: "running"; rows: number }
  | { phase: "done"; rows: number; filename: string }
  | { phase: "cancelled" }
  | { phase: "failed"; error: unknown };

const PROGRESS_EVERY_MS = 150;

export function ExportButton(props: ExportButtonProps) {
  // (a share link's view without allowExport: the server would refuse it, so no button)
  return useContext(ExportsAllowed) ? <ExportControl {...props} /> : null;
}

function ExportControl({ href, params = {}, label, fallbackFilename, className }: ExportButtonProps) {
  const t = useTranslations("exports");
  const [state, setState] = useState<State>({ phase: "idle" });
  const controller = useRef<AbortController | null>(null);
  const statusId = useId();

  // Leaving the page cancels a running export (and with it the server's upstream paging).
  useEffect(() => () => controller.current?.abort(), []);

  const url = href + queryString(params);

  async function start() {
    controller.current?.abort();
    const ctrl = new AbortController();
    controller.current = ctrl;
    setState({ phase: "running", rows: 0 });
    let shownAt = 0;
    try {
      // The streaming reader is needed only once someone exports: fetched on the first click.
      const { downloadCsv, saveBlob } = await import("./download");
      const file = await downloadCsv(url, {
        signal: ctrl.signal,
        fallbackFilename,
        onProgress: (rows) => {
          const now = Date.now();
          if (now - shownAt < PROGRESS_EVERY_MS) return;
          shownAt = now;
          setState({ phase: "running", rows });
        },
      });
      saveBlob(file.blob, file.filename);
      setState({ phase: "done", rows: file.rows, filename: file.filename });
    } catch (error) {
      setState(ctrl.signal.aborted ? { phase: "cancelled" } : { phase: "failed", error });
    } finally {
      if (controller.current === ctrl) controller.current = null;
    }
  }

  const running = state.phase === "running";
  return (
    <div className={className}>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={buttonSecondary} onClick={start} disabled={running} aria-busy={running} aria-describedby={statusId}>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
            <path d="M10 2a1 1 0 0 1 1 1v8.59l2.3-2.3a1 1 0 1 1 1.4 1.42l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.42L9 11.6V3a1 1 0 0 1 1-1Zm-7 14a1 1 0 0 1 1-1h12a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1Z" />
          </svg>
          {label ?? t("button")}
        </button>
        {running ? (
          <button type="button" className={buttonSecondary} onClick={() => controller.current?.abort()}>
            {t("cancel")}
          </button>
        ) : null}
        <p id={statusId} role="status" aria-live="polite" className={`text-sm ${mutedText}`}>
          {state.phase === "running" ? t("running", { rows: state.rows }) : null}
          {state.phase === "done" ? t("done", { filename: state.filename, rows: state.rows }) : null}
          {state.phase === "cancelled" ? t("cancelled") : null}
        </p>
      </div>
      {state.phase === "failed" ? (
        <div className="mt-2">
          <ErrorBanner error={state.error} title={t("failed")} onRetry={start} />
        </div>
      ) : null}
    </div>
  );
}
