"use client";

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
export function ErrorBanner({ error, onRetry, title = "This could not be loaded" }: { error: unknown; onRetry?: () => void; title?: string }) {
  const api = isApiError(error) ? error : null;
  const seconds = useSecondsUntil(retryAt(api));
  const message = error instanceof Error ? error.message : "Something went wrong.";
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100" data-testid="error-banner">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{title}</p>
          <p className="mt-1 text-sm">{message}</p>
          {api ? <FieldErrorList error={api} /> : null}
          {api?.status === 429 ? (
            <p className="mt-1 text-sm">
              {seconds ? `WEEX allows more requests in ${seconds} s; retry then.` : "You can retry now."}
            </p>
          ) : null}
          {api?.status === 401 ? (
            <p className="mt-1 text-sm">
              <a className="underline" href="/login">Sign in again</a>
            </p>
          ) : null}
          {api?.upstream?.code || api?.upstream?.msg ? (
            <p className="mt-1 text-xs opacity-80">
              WEEX said{api.upstream.status ? ` (HTTP ${api.upstream.status})` : ""}: <code className="font-mono">{api.upstream.code}</code> {api.upstream.msg}
            </p>
          ) : null}
          {api ? <p className="mt-1 text-xs opacity-70">Error code: <code className="font-mono">{api.code}</code></p> : null}
        </div>
        {onRetry ? (
          <button type="button" className={buttonSecondary} onClick={onRetry} disabled={api?.status === 429 && !!seconds}>
            Retry
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
export function RateLimitNotice({ failureReason, isFetching }: { failureReason: unknown; isFetching: boolean }) {
  const api = isApiError(failureReason) && failureReason.status === 429 ? failureReason : null;
  const seconds = useSecondsUntil(retryAt(api));
  if (!api || !isFetching) return null;
  return (
    <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      WEEX&apos;s request budget is spent for the moment. Retrying automatically{seconds ? ` in ${seconds} s` : " now"}.
    </p>
  );
}
