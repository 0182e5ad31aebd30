"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef } from "react";
import { buttonPrimary, buttonSecondary } from "@/components/ui/styles";

/**
 * The confirmation step: a modal dialog (native <dialog>: focus is trapped and Escape
 * cancels) that shows, character for character, the JSON body about to be sent.
 */
export function ConfirmDialog({
  open,
  title,
  summary,
  method,
  path,
  bodyText,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  summary: React.ReactNode;
  method: string;
  path: string;
  bodyText: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations("trading.confirm");
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      // Start on the safe choice: Enter on an accidental double press does not send.
      cancel.current?.focus();
    }
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      data-testid="confirm-dialog"
    >
      <div className="p-5">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <div className="mt-2 text-sm">{summary}</div>
        <p className="mt-4 text-sm font-medium">
          {t("willSend")} <code className="font-mono">{method} {path}</code>
        </p>
        <pre className="mt-2 max-h-80 overflow-auto rounded-md bg-slate-950 p-3 font-mono text-xs text-slate-100" data-testid="confirm-json" tabIndex={0} aria-label={t("body")}>
          {bodyText}
        </pre>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <button ref={cancel} type="button" className={buttonSecondary} onClick={onCancel} disabled={busy}>
            {t("back")}
          </button>
          <button type="button" className={buttonPrimary} onClick={onConfirm} disabled={busy}>
            {busy ? t("sending") : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
