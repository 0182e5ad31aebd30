/**
 * How the client waits before trying a request again, and what a failure proves: full-jitter
 * backoff before a GET's retry, the pause of all sending after a 429, an abortable sleep, and
 * whether a network failure proves the request never reached WEEX (then even a placement is
 * known not to have been executed).
 */

const MAX_BACKOFF_MS = 5000;

/** A network failure that proves the request never reached WEEX. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]);

/** Full jitter: a random delay between 0 and base·2^(attempt-1), capped. */
export function fullJitter(baseMs: number, attempt: number): number {
  return Math.round(Math.random() * Math.min(MAX_BACKOFF_MS, baseMs * 2 ** (attempt - 1)));
}

/**
 * How long to stop everything after a 429: Retry-After if WEEX sends one, else `baseMs`
 * doubling per attempt, with jitter.
 */
export function pauseAfter429(headers: Headers, attempt: number, baseMs: number): number {
  const retryAfter = Number(headers.get("retry-after"));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.min(retryAfter * 1000, 60_000);
  const step = baseMs * 2 ** (attempt - 1);
  return Math.round(step / 2 + Math.random() * (step / 2));
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Whether a fetch failure proves the request never reached WEEX (connection refused, no such host). */
export function provesNotSent(cause: unknown): boolean {
  return NOT_SENT_CODES.has(errorCode(cause) ?? "");
}

/** The system error code (ECONNREFUSED, …) behind a fetch failure, if any. */
function errorCode(e: unknown): string | undefined {
  for (let cur = e, depth = 0; cur && depth < 4; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === "string") return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}
