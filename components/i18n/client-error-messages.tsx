"use client";

import { useTranslations } from "next-intl";
import { setClientErrorMessages } from "@/lib/ui/api";

const STATUSES = [401, 403, 404, 413, 422, 429, 502, 503, 504] as const;

/**
 * Gives lib/ui/api.ts the browser's own error messages (no connection, an answer that is not
 * the contract's) in the page's language. Renders nothing; set during render, so they are in
 * place before any query of the page runs.
 */
export function ClientErrorMessages() {
  const t = useTranslations("errors.client");
  setClientErrorMessages({
    networkError: t("networkError"),
    byStatus: Object.fromEntries(STATUSES.map((s) => [s, t(`http${s}`)])),
    otherStatus: (status) => t("httpOther", { status }),
  });
  return null;
}
