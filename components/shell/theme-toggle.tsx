"use client";

import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { focusRing } from "@/components/ui/styles";
import { THEME_STORAGE_KEY } from "./theme-script";

// The <html> class is the single source of truth (set before paint by THEME_SCRIPT).
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}
const isDark = () => document.documentElement.classList.contains("dark");
const serverSnapshot = () => null;

export function ThemeToggle() {
  const t = useTranslations("shell.theme");
  const dark = useSyncExternalStore<boolean | null>(subscribe, isDark, serverSnapshot);
  function toggle() {
    const next = !isDark();
    document.documentElement.classList.toggle("dark", next);
    document.documentElement.style.colorScheme = next ? "dark" : "light";
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next ? "dark" : "light");
    } catch {
      // private mode: the choice lasts for this page only
    }
  }
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={dark ?? undefined}
      aria-label={t("dark")}
      title={dark ? t("toLight") : t("toDark")}
      className={`rounded-md p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${focusRing}`}
    >
      {/* Both icons are rendered; CSS picks one, so server and client markup match. */}
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 dark:hidden" fill="currentColor">
        <path d="M7.455 2.004a.75.75 0 0 1 .26.77 7 7 0 0 0 9.958 7.967.75.75 0 0 1 1.067.853A8.5 8.5 0 1 1 6.647 1.921a.75.75 0 0 1 .808.083Z" />
      </svg>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="hidden h-5 w-5 dark:block" fill="currentColor">
        <path d="M10 3.5a1 1 0 0 1-1-1V1a1 1 0 1 1 2 0v1.5a1 1 0 0 1-1 1Zm0 13a1 1 0 0 1 1 1V19a1 1 0 1 1-2 0v-1.5a1 1 0 0 1 1-1ZM10 6a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm-7.5 3a1 1 0 1 1 0 2H1a1 1 0 1 1 0-2h1.5ZM19 9a1 1 0 1 1 0 2h-1.5a1 1 0 1 1 0-2H19ZM4 2.6 5.1 3.7a1 1 0 0 1-1.4 1.4L2.6 4A1 1 0 0 1 4 2.6Zm12.3 12.3 1.1 1.1a1 1 0 0 1-1.4 1.4l-1.1-1.1a1 1 0 0 1 1.4-1.4ZM2.6 16l1.1-1.1a1 1 0 0 1 1.4 1.4L4 17.4A1 1 0 0 1 2.6 16ZM14.9 3.7 16 2.6A1 1 0 0 1 17.4 4l-1.1 1.1a1 1 0 0 1-1.4-1.4Z" />
      </svg>
    </button>
  );
}
