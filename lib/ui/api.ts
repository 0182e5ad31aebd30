/**
 * The browser side of the dashboard's HTTP contract (shared/spec/dashboard-api.md): build a
 * query string, call a route, and turn the contract's error shape into an ApiError the pages
 * can show as it is (message, field errors, upstream code, Retry-After).
 */
import type { Warnings } from "@/lib/weex/record-problems";

export interface FieldError {
  path: string;
  message: string;
}

/** Where an affiliate answer came from (the archive, WEEX live, or both) and when it was synced. */
export interface Freshness {
  source: "archive" | "live" | "mixed";
  syncedAt: number | null;
}

export interface ListPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number | null;
  pages: number | null;
  hasNextPage: boolean;
  /** affiliate lists only */
  freshness?: Freshness;
  /** records WEEX sent that could not be used (issue 11) */
  warnings?: Warnings;
}

export class ApiError extends Error {
  readonly status: number;
  /** the contract's error code (validation_error, rate_limited, …), or "network_error" */
  readonly code: string;
  readonly fields: FieldError[];
  readonly upstream?: { status?: number; code?: string; msg?: string };
  /** seconds from the Retry-After header of a 429 */
  readonly retryAfterSeconds?: number;
  /** when the error was received, to count Retry-After down from */
  readonly at: number;

  constructor(init: { status: number; code: string; message: string; fields?: FieldError[]; upstream?: ApiError["upstream"]; retryAfterSeconds?: number }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? [];
    this.upstream = init.upstream;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.at = Date.now();
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

export type QueryParams = Record<string, string | number | null | undefined>;

/** Query string of the set values, in the order given ("" when none). */
export function queryString(params: QueryParams): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === "") continue;
    sp.set(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : "";
}

function retryAfter(res: Response): number | undefined {
  const h = res.headers.get("retry-after");
  if (!h) return undefined;
  const secs = Number(h);
  if (Number.isFinite(secs)) return Math.max(0, Math.ceil(secs));
  const date = Date.parse(h);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - Date.now()) / 1000)) : undefined;
}

const FALLBACK_MESSAGES: Record<number, string> = {
  401: "Your session has ended. Sign in again.",
  403: "Your role does not allow this.",
  404: "Not found.",
  429: "The WEEX request budget is spent for the moment.",
  502: "WEEX answered with an error.",
  503: "WEEX is unavailable.",
  504: "WEEX did not answer in time.",
};

/** Build an ApiError from a non-2xx response, tolerating bodies that are not the contract's. */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON (a proxy page, an aborted body): fall back to the status
  }
  const err = (body as { error?: { code?: string; message?: string; fields?: FieldError[]; upstream?: ApiError["upstream"] } } | null)?.error;
  return new ApiError({
    status: res.status,
    code: err?.code ?? `http_${res.status}`,
    message: err?.message ?? FALLBACK_MESSAGES[res.status] ?? `The server answered HTTP ${res.status}.`,
    fields: Array.isArray(err?.fields) ? err.fields : [],
    upstream: err?.upstream,
    retryAfterSeconds: res.status === 429 ? (retryAfter(res) ?? 1) : undefined,
  });
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { credentials: "same-origin", ...init, headers: { accept: "application/json", ...init.headers } });
  } catch (e) {
    if ((e as Error)?.name === "AbortError") throw e;
    throw new ApiError({ status: 0, code: "network_error", message: "The dashboard server could not be reached. Check your connection." });
  }
}

export async function apiGet<T>(path: string, params: QueryParams = {}, signal?: AbortSignal): Promise<T> {
  const res = await send(path + queryString(params), { method: "GET", signal });
  if (!res.ok) throw await errorFromResponse(res);
  return (await res.json()) as T;
}

/**
 * Send a JSON body exactly as given (the order forms show this very text before sending).
 * Never retried: a placement that timed out may have been executed.
 */
export async function apiSend<T>(method: "POST" | "PATCH" | "DELETE", path: string, bodyText: string): Promise<T> {
  const res = await send(path, { method, body: bodyText, headers: { "content-type": "application/json" } });
  if (!res.ok) throw await errorFromResponse(res);
  return (await res.json()) as T;
}

/** Whether react-query should retry a GET: only a 429, after its Retry-After, a few times. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return isApiError(error) && error.status === 429 && failureCount < 3;
}

export function retryDelayMs(_failureCount: number, error: unknown): number {
  return isApiError(error) && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : 2000;
}
