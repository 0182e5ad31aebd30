"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { focusRing } from "./styles";

/**
 * An identifier shown in full (never truncated: a cut id is a wrong id), monospace, with a
 * copy button that says what it copied.
 */
export function CopyableId({ value, label, className = "", wrap = false }: { value: string | null | undefined; label?: string; className?: string; /** let a long id break across lines (narrow detail views) */ wrap?: boolean }) {
  const t = useTranslations("ui.copy");
  const [copied, setCopied] = useState(false);
  if (!value) return <span className="text-slate-500 dark:text-slate-400">—</span>;

  async function copy() {
    try {
      await navigator.clipboard.writeText(value!);
    } catch {
      // Clipboard API refused (insecure context): select-and-copy fallback.
      const ta = document.createElement("textarea");
      ta.value = value!;
      ta.setAttribute("readonly", "");
      ta.style.position = "fixed";
      ta.style.opacity = "0";
      document.body.appendChild(ta);
      ta.select();
      document.execCommand("copy");
      ta.remove();
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), 1500);
  }

  const what = label ?? t("defaultLabel");
  return (
    <span className={`inline-flex items-center gap-1 ${className}`}>
      <code className={`font-mono text-[0.8125rem] ${wrap ? "break-all" : "whitespace-nowrap"}`}>{value}</code>
      <button
        type="button"
        onClick={copy}
        className={`shrink-0 rounded px-1 py-0.5 text-xs text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 ${focusRing}`}
        aria-label={t("label", { label: what, value })}
        title={t("title", { label: what })}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="currentColor">
          <path d="M7 3a2 2 0 0 0-2 2v1H4a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-1h1a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2H7Zm5 12v1H4V8h1v5a2 2 0 0 0 2 2h5Zm3-3H7V5h8v7Z" />
        </svg>
      </button>
      <span aria-live="polite" className="text-xs text-emerald-700 dark:text-emerald-400">
        {copied ? t("copied") : ""}
      </span>
    </span>
  );
}
