/**
 * The browser side of the dashboard's HTTP contract (lib/contract): build a query string,
 * call a route, and turn the contract's error body into an ApiError the pages can show as it
 * is (message, field errors, upstream code, Retry-After).
 */
import { isApiErrorCode, type ApiErrorCode } from "@/lib/contract/error-codes";
import { queryOptions } from "@tanstack/react-query";
import type { ApiErrorBody, FieldIssue, UpstreamInfo } from "@/lib/contract/errors";
import type { QueryInput, QueryPath } from "@/lib/contract/queries";
import type { ApiResponses } from "@/lib/contract/api-routes";
import { shareHeaders } from "./share-mode";

/**
 * A failed request as the pages see it: the contract's error (code, message, fields, upstream)
 * and the HTTP status; `network_error` when the server could not be reached, `http_<status>`
 * when the answer was not the contract's (a proxy's page), and the browser's own conditions
 * (`incomplete_download`).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode | "network_error" | "incomplete_download" | `http_${number}`;
  readonly fields: FieldIssue[];
  readonly upstream?: UpstreamInfo;
  /** seconds from the Retry-After header of a 429 */
  readonly retryAfterSeconds?: number;
  /** when the error was received, to count Retry-After down from */
  readonly at: number;

  constructor(init: { status: number; code: ApiError["code"]; message: string; fields?: FieldIssue[]; upstream?: UpstreamInfo; retryAfterSeconds?: number }) {
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

/** The message of a field error from a validation_error, if the server named that field. */
export function fieldMessage(error: unknown, path: string): string | null {
  return isApiError(error) ? (error.fields.find((f) => f.path === path)?.message ?? null) : null;
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

/**
 * The browser's own messages (the server's come in the request's language already). English
 * until the page's language registers its catalogue's (components/i18n/client-error-messages.tsx,
 * from the `errors.client` messages).
 */
export interface ClientErrorMessages {
  networkError: string;
  /** per HTTP status, when the answer was not the contract's (a proxy's page) */
  byStatus: Partial<Record<number, string>>;
  otherStatus: (status: number) => string;
}

let clientMessages: ClientErrorMessages = {
  networkError: "The dashboard server could not be reached. Check your connection.",
  byStatus: {
    401: "Your session has ended. Sign in again.",
    403: "Your role does not allow this.",
    404: "Not found.",
    413: "The request was too large for the server.",
    429: "The WEEX request budget is spent for the moment.",
    502: "WEEX answered with an error.",
    503: "WEEX is unavailable.",
    504: "WEEX did not answer in time.",
  },
  otherStatus: (status) => `The server answered HTTP ${status}.`,
};

export function setClientErrorMessages(messages: ClientErrorMessages): void {
  clientMessages = messages;
}

/** "The dashboard server could not be reached", in the page's language. */
export function networkError(): ApiError {
  return new ApiError({ status: 0, code: "network_error", message: clientMessages.networkError });
}

/**
 * The contract's error of a body (lib/contract/errors.ts), or undefined when the body is not
 * one. Checked by hand rather than with apiErrorBodySchema, which would put zod in every page's
 * bundle for one object.
 */
function contractError(body: unknown): ApiErrorBody["error"] | undefined {
  const e = (body as { error?: Partial<ApiErrorBody["error"]> } | null)?.error;
  if (!e || typeof e.message !== "string" || !isApiErrorCode(e.code)) return undefined;
  return { code: e.code, message: e.message, fields: Array.isArray(e.fields) ? e.fields : undefined, upstream: e.upstream };
}

/** Build an ApiError from a non-2xx response, tolerating bodies that are not the contract's. */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON (a proxy page, an aborted body): fall back to the status
  }
  const err = contractError(body);
  return new ApiError({
    status: res.status,
    code: err?.code ?? `http_${res.status}`,
    message: err?.message ?? clientMessages.byStatus[res.status] ?? clientMessages.otherStatus(res.status),
    fields: err?.fields,
    upstream: err?.upstream,
    retryAfterSeconds: res.status === 429 ? (retryAfter(res) ?? 1) : undefined,
  });
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { credentials: "same-origin", ...init, headers: { accept: "application/json", ...shareHeaders(), ...init.headers } });
  } catch (e) {
    if ((e as Error)?.name === "AbortError") throw e;
    throw networkError();
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

/**
 * The query options of one GET route (TanStack Query): the key is the path and the request's
 * parameters under the route's own names (every filter is in the key, so a different filter is
 * a different cache entry), the fetch is apiGet, and the answer is typed by the contract. Each
 * page's query-options.ts builds its queries with this.
 */
export function routeQuery<P extends QueryPath & keyof ApiResponses>(path: P, params: QueryInput<P>) {
  return queryOptions({
    queryKey: [path, params] as const,
    queryFn: ({ signal }) => apiGet<ApiResponses[P]>(path, params as QueryParams, signal),
  });
}
