"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { CopyableId } from "@/components/ui/copyable-id";
import { ErrorBanner } from "@/components/ui/error-banner";
import { isApiError } from "@/lib/ui/api";

export type Outcome =
  | { kind: "accepted"; orderId: string | null; clientOrderId?: string; detail?: string }
  | { kind: "rejected"; errorCode: string; errorMessage: string; clientOrderId?: string }
  | { kind: "failed"; error: unknown; clientOrderId?: string };

/** The statuses that leave a POST's fate unknown: it may have been executed upstream. */
function maybeExecuted(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);
}

/** Which request a result is about (its name in the page's language: trading.result). */
export type Request = "contract" | "plan" | "modify";

/**
 * What happened to the last request, announced and focused: the order id in full with a copy
 * button, or the upstream's errorCode/errorMessage exactly as it sent them.
 */
export function ResultPanel({ outcome, what }: { outcome: Outcome; what: Request }) {
  const t = useTranslations("trading.result");
  const code = (c: React.ReactNode) => <code className="font-mono">{c}</code>;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [outcome]);

  if (outcome.kind === "accepted") {
    return (
      <div className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-50" data-testid="order-result" data-outcome="accepted">
        <h3 ref={heading} tabIndex={-1} className="font-semibold focus:outline-none">
          {t("accepted", { what })}
        </h3>
        <dl className="mt-2 space-y-1 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <dt>{t("orderId")}</dt>
            <dd data-testid="result-order-id">
              <CopyableId value={outcome.orderId} label={t("orderIdLabel")} wrap />
            </dd>
          </div>
          {outcome.clientOrderId ? (
            <div className="flex flex-wrap items-center gap-2">
              <dt>{t("clientOrderId")}</dt>
              <dd>
                <CopyableId value={outcome.clientOrderId} label={t("clientOrderIdLabel")} wrap />
              </dd>
            </div>
          ) : null}
        </dl>
        {outcome.detail ? <p className="mt-2 text-sm">{outcome.detail}</p> : null}
      </div>
    );
  }
  if (outcome.kind === "rejected") {
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50" data-testid="order-result" data-outcome="rejected">
        <h3 ref={heading} tabIndex={-1} className="font-semibold focus:outline-none">
          {t("rejected", { what })}
        </h3>
        <dl className="mt-2 space-y-1 text-sm">
          <div className="flex flex-wrap gap-2">
            <dt>errorCode:</dt>
            <dd>
              <code className="font-mono" data-testid="result-error-code">{outcome.errorCode || t("empty")}</code>
            </dd>
          </div>
          <div className="flex flex-wrap gap-2">
            <dt>errorMessage:</dt>
            <dd data-testid="result-error-message">{outcome.errorMessage || t("empty")}</dd>
          </div>
        </dl>
        {outcome.clientOrderId ? (
          <p className="mt-2 text-sm">{t.rich("nothingPlaced", { id: outcome.clientOrderId, code })}</p>
        ) : null}
      </div>
    );
  }
  return (
    <div data-testid="order-result" data-outcome="failed">
      <h3 ref={heading} tabIndex={-1} className="sr-only">
        {t("failed", { what })}
      </h3>
      <ErrorBanner error={outcome.error} title={t("notConfirmed", { what })} />
      {maybeExecuted(outcome.error) ? (
        <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
          {outcome.clientOrderId ? t.rich("maybeExecutedWithId", { id: outcome.clientOrderId, code }) : t("maybeExecuted")}
        </p>
      ) : null}
    </div>
  );
}
