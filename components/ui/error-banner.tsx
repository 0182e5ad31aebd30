"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { isApiError, type ApiError } from "@/lib/ui/api";
import { buttonSecondary } from "./styles";

function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const id = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(id);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Statuses the browser words itself when the answer is not the contract's (lib/ui/api.ts FALLBACK_MESSAGES). */
const FALLBACK_STATUSES = [401, 403, 404, 429, 502, 503, 504] as const;
type FallbackStatus = (typeof FALLBACK_STATUSES)[number];

/**
 * The message to show: the server's (the contract's message is already in the request's
 * language), or for errors made in the browser (no connection, a broken download, an answer
 * that is not the contract's) the page's own words.
 */
function useErrorMessage(error: unknown): string {
  const t = useTranslations("ui.error");
  if (!(error instanceof Error)) return t("unknown");
  if (!isApiError(error)) return error.message;
  if (error.code === "network_error") return t("client.network");
  if (error.code === "incomplete_download") return t("client.incomplete");
  if (error.code === `http_${error.status}`) {
    const known = FALLBACK_STATUSES.find((s): s is FallbackStatus => s === error.status);
    return known ? t(`client.status.${known}`) : t("client.http", { status: error.status });
  }
  return error.message;
}

function retryAt(err: ApiError | null): number | null {
  return err && err.status === 429 && err.retryAfterSeconds !== undefined ? err.at + err.retryAfterSeconds * 1000 : null;
}

/** The field errors of a validation_error, by field name. */
export function FieldErrorList({ error }: { error: ApiError }) {
  if (!error.fields.length) return null;
  return (
    <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm">
      {error.fields.map((f, i) => (
        <li key={`${f.path}-${i}`}>
          <code className="font-mono">{f.path}</code> {f.message}
        </li>
      ))}
    </ul>
  );
}

/**
 * A failed request, said the way the server said it: the contract's message, its field errors
 * and the upstream code, a retry button, and for a 429 when a retry can succeed.
 */
export function ErrorBanner({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const t = useTranslations("ui.error");
  const common = useTranslations("common");
  const api = isApiError(error) ? error : null;
  const seconds = useSecondsUntil(retryAt(api));
  const message = useErrorMessage(error);
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100" data-testid="error-banner">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{title ?? t("title")}</p>
          <p className="mt-1 text-sm">{message}</p>
          {api ? <FieldErrorList error={api} /> : null}
          {api?.status === 429 ? (
            <p className="mt-1 text-sm">
              {seconds ? t("retryIn", { seconds }) : t("retryNow")}
            </p>
          ) : null}
          {api?.status === 401 ? (
            <p className="mt-1 text-sm">
              <a className="underline" href="/login">{t("signInAgain")}</a>
            </p>
          ) : null}
          {api?.upstream?.code || api?.upstream?.msg ? (
            <p className="mt-1 text-xs opacity-80">
              {api.upstream.status ? t("upstreamHttp", { status: api.upstream.status }) : t("upstream")} <code className="font-mono">{api.upstream.code}</code> {api.upstream.msg}
            </p>
          ) : null}
          {api ? <p className="mt-1 text-xs opacity-70">{t.rich("code", { code: api.code, c: (c) => <code className="font-mono">{c}</code> })}</p> : null}
        </div>
        {onRetry ? (
          <button type="button" className={buttonSecondary} onClick={onRetry} disabled={api?.status === 429 && !!seconds}>
            {common("retry")}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Shown while react-query waits out a 429 before its automatic retry (GETs only; orders are
 * never retried), so the person knows the page is not stuck.
 */
/** A form's failure that no field names (those show under their fields), below the form. */
export function FormError({ error, title }: { error: unknown; title: string }) {
  return (
    <div className="mt-3">
      <ErrorBanner error={error} title={title} />
    </div>
  );
}

export function RateLimitNotice({ failureReason, isFetching }: { failureReason: unknown; isFetching: boolean }) {
  const t = useTranslations("ui.error");
  const api = isApiError(failureReason) && failureReason.status === 429 ? failureReason : null;
  const seconds = useSecondsUntil(retryAt(api));
  if (!api || !isFetching) return null;
  return (
    <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      {seconds ? t("rateLimited", { seconds }) : t("rateLimitedNow")}
    </p>
  );
}
