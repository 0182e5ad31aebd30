"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { focusRing } from "@/components/ui/styles";
import type { LocaleResponse } from "@/lib/contract/preferences";
import { isLocale, LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";

/**
 * The language switch (shell header, login page). The choice is saved by PUT /api/me/locale
 * (with the user when signed in, and in a cookie), then the page is rendered again on the
 * server in the new language; the URL, its filters and the page's state stay as they are.
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const locale = useLocale();
  const t = useTranslations("common");
  const router = useRouter();
  const id = useId();
  const [pending, startTransition] = useTransition();
  const [failed, setFailed] = useState(false);

  async function choose(next: string) {
    if (!isLocale(next) || next === locale) return;
    setFailed(false);
    const res = await fetch("/api/me/locale", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ locale: next }),
    }).catch(() => null);
    if (!res?.ok) {
      setFailed(true);
      return;
    }
    (await res.json()) as LocaleResponse;
    startTransition(() => router.refresh());
  }

  return (
    <span className={`items-center gap-1 ${className || "inline-flex"}`}>
      <label htmlFor={id} className="sr-only">
        {t("language")}
      </label>
      <select
        id={id}
        value={locale}
        disabled={pending}
        onChange={(e) => void choose(e.target.value)}
        aria-describedby={failed ? `${id}-error` : undefined}
        className={`rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900 ${focusRing}`}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
      {failed ? (
        <span id={`${id}-error`} role="alert" className="text-xs text-red-700 dark:text-red-400">
          {t("languageNotSaved")}
        </span>
      ) : null}
    </span>
  );
}
