"use client";

import { useTranslations } from "next-intl";
import { buttonPrimary, buttonSecondary } from "./styles";

/**
 * A filter bar: edits stay local until "Apply" (or Enter), so typing an id does not fire a
 * request per keystroke; the applied filters live in the URL.
 */
export function FilterForm({ onApply, onReset, children, label, applyDisabled }: { onApply: () => void; onReset?: () => void; children: React.ReactNode; label: string; applyDisabled?: boolean }) {
  const t = useTranslations("common");
  return (
    <form
      role="search"
      aria-label={label}
      className="mb-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      onSubmit={(e) => {
        e.preventDefault();
        onApply();
      }}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">{children}</div>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="submit" className={buttonPrimary} disabled={applyDisabled}>
          {t("apply")}
        </button>
        {onReset ? (
          <button type="button" className={buttonSecondary} onClick={onReset}>
            {t("reset")}
          </button>
        ) : null}
      </div>
    </form>
  );
}
