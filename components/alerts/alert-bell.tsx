"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useTranslations } from "next-intl";
import { focusRing } from "@/components/ui/styles";
import { useApiQuery } from "@/components/ui/use-api-query";

export const UNREAD_PATH = "/api/alerts/unread";

/** The unread count as the server rendered it with the page, and when it was counted. */
export interface UnreadAt {
  unread: number;
  at: number;
}

/**
 * The shell's bell: alerts fired since this user last opened /alerts. The page arrives with the
 * count (the layout counts it); it is asked again when 30 s old and a page mounts the bell.
 */
export function AlertBell({ initial }: { initial?: UnreadAt }) {
  const t = useTranslations("alerts.bell");
  const unread = useApiQuery<{ unread: number }>(UNREAD_PATH, {}, { staleTime: 30_000, initial: initial && { data: { unread: initial.unread }, at: initial.at } });
  const n = unread.data?.unread ?? 0;
  const label = n === 0 ? t("none") : t("unread", { count: n });
  return (
    <IntentLink href="/alerts" aria-label={label} title={label} data-testid="alert-bell" className={`relative rounded-md p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${focusRing}`}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
        <path d="M10 2a5 5 0 0 0-5 5v3.6L3.3 13.3A1 1 0 0 0 4 15h12a1 1 0 0 0 .7-1.7L15 10.6V7a5 5 0 0 0-5-5Zm0 17a2.5 2.5 0 0 0 2.4-2h-4.8A2.5 2.5 0 0 0 10 19Z" />
      </svg>
      {n > 0 ? (
        <span aria-hidden="true" data-testid="alert-bell-count" className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-red-700 px-1 text-center text-[10px] font-bold leading-4 text-white">
          {n > 99 ? "99+" : n}
        </span>
      ) : null}
    </IntentLink>
  );
}
