"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { apiGet } from "@/lib/ui/api";

interface Health {
  status: string;
  mode: "demo" | "live";
  database?: string;
}

/** DEMO or LIVE from /api/health, so nobody mistakes the simulator for real money or the reverse. */
export function ModeBadge() {
  const t = useTranslations("shell.mode");
  const health = useQuery({ queryKey: ["/api/health"], queryFn: ({ signal }) => apiGet<Health>("/api/health", {}, signal), staleTime: Infinity });
  if (health.isPending) return <span aria-hidden="true" className="inline-block h-6 w-14 animate-pulse rounded-full bg-slate-200 dark:bg-slate-800" />;
  if (health.isError) {
    return (
      <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300 dark:bg-slate-800 dark:text-slate-200" title={t("healthFailed")}>
        {t("unknown")}
      </span>
    );
  }
  const live = health.data.mode === "live";
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
