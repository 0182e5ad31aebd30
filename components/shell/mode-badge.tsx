"use client";

import { useTranslations } from "next-intl";
import type { Health } from "@/lib/contract/responses";

/**
 * DEMO or LIVE, so nobody mistakes the simulator for real money or the reverse. The mode is
 * the server's own configuration, rendered with the page (no request after load, nothing to
 * wait for or to fail).
 */
export function ModeBadge({ mode }: { mode: Health["mode"] }) {
  const t = useTranslations("shell.mode");
  const live = mode === "live";
  return (
    <span
      data-testid="mode-badge"
      title={live ? t("liveTitle") : t("demoTitle")}
      className={
        live
          ? "rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-bold tracking-wide text-white"
          : "rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-amber-900 ring-1 ring-amber-400 dark:bg-amber-900 dark:text-amber-100 dark:ring-amber-600"
      }
    >
      {live ? t("live") : t("demo")}
      <span className="sr-only">{live ? ` ${t("liveSr")}` : ` ${t("demoSr")}`}</span>
    </span>
  );
}
