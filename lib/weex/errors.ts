/**
 * One error type for everything that can go wrong between the dashboard and WEEX, in the
 * exchange client's own terms (kinds, what WEEX answered). It knows nothing of the dashboard's
 * API: the server maps it into its error codes (lib/server/http/errors.ts, `fromWeexError`).
 */
import { eachKeyNamed, type InputIssue } from "./wire";

export type { InputIssue };

export type WeexErrorKind =
  /** the request broke an interface rule; nothing was sent */
  | "validation"
  /** WEEX answered with an HTTP error or an error body ({code, msg}) */
  | "upstream"
  /** WEEX answered 200 but the body does not match the interface */
  | "malformed"
  /** WEEX answered 5xx or could not be reached */
  | "unavailable"
  /** no answer within the timeout */
  | "timeout"
  /** the weight budget is spent (ours, or WEEX answered 429) */
  | "rate_limited"
  /** the upstream says the thing asked for does not exist */
  | "not_found";

/** What WEEX answered: HTTP status, its error code and message (as text). */
export interface UpstreamInfo {
  status?: number;
  code?: string;
  msg?: string;
}


export class WeexError extends Error {
  readonly kind: WeexErrorKind;
  readonly upstream?: UpstreamInfo;
  /** for validation: what is wrong with which input (the server names them as fields) */
  readonly issues?: readonly InputIssue[];
  /** for rate_limited: when a retry may succeed */
  readonly retryAfterMs?: number;
  /** for a POST that timed out or lost its connection: it may have been executed */
  readonly maybeExecuted?: boolean;
  /** WEEX no longer serves this report (404 or -1150 on an affiliate path): the archive still may */
  readonly gone?: boolean;

  constructor(
    kind: WeexErrorKind,
    message: string,
    extra: { upstream?: UpstreamInfo; issues?: readonly InputIssue[]; retryAfterMs?: number; maybeExecuted?: boolean; gone?: boolean; cause?: unknown } = {},
  ) {
    super(message, extra.cause !== undefined ? { cause: extra.cause } : undefined);
    this.name = "WeexError";
    this.kind = kind;
    this.upstream = extra.upstream;
    this.issues = extra.issues;
    this.retryAfterMs = extra.retryAfterMs;
    this.maybeExecuted = extra.maybeExecuted;
    this.gone = extra.gone;
  }
}

/**
 * A brand that survives module duplication: Next bundles each route separately, so the shared
 * client (a globalThis singleton made by one route) throws WeexErrors whose class is another
 * route's copy, and `instanceof` alone answers false there.
 */
const WEEX_ERROR_BRAND = Symbol.for("weex-dashboard.WeexError");
Object.defineProperty(WeexError.prototype, WEEX_ERROR_BRAND, { value: true });

export function isWeexError(e: unknown): e is WeexError {
  return e instanceof WeexError || (typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[WEEX_ERROR_BRAND] === true);
}

/** "Request method not supported" (weex-facts.md: the published sources disagree on methods). */
export const METHOD_NOT_SUPPORTED = "-1150";

/** Whether an upstream error says the path (or its method) is not served: HTTP 404 or -1150. */
export function isNotServed(e: WeexError): boolean {
  return e.kind === "upstream" && (e.upstream?.status === 404 || e.upstream?.code === METHOD_NOT_SUPPORTED);
}

/** Upstream codes that mean "no such thing" (weex-facts.md). */
const NOT_FOUND_CODES = new Set(["-2200", "-3200"]);
/** Upstream codes that mean our request was invalid. */
const INVALID_REQUEST_CODES = new Set(["-1115", "-1116", "-1117", "-1121", "-1128", "-1140", "-1141", "-1142", "-1160", "-1170", "-1171", "-1180", "-2007"]);

/** Classify an upstream error response (non-2xx, or a 2xx body carrying an error code). */
export function upstreamError(status: number, code: string | undefined, msg: string | undefined): WeexError {
  const upstream = { status, code, msg };
  const text = msg ? `: ${msg}` : "";
  if (status === 429) return new WeexError("rate_limited", "WEEX rate limit reached", { upstream });
  if (code && NOT_FOUND_CODES.has(code)) return new WeexError("not_found", `WEEX does not know this order${text}`, { upstream });
  if (status >= 500 && status !== 521) return new WeexError("unavailable", `WEEX is unavailable (HTTP ${status})`, { upstream });
  if (code && INVALID_REQUEST_CODES.has(code)) return new WeexError("upstream", `WEEX rejected the request${text}`, { upstream });
  if (status === 401 || status === 403 || status === 521 || (code && /^-10[45]\d$/.test(code))) {
    return new WeexError("upstream", `WEEX refused the credentials or permission${text}`, { upstream });
  }
  return new WeexError("upstream", `WEEX answered with an error${text}`, { upstream });
}

/** Parameters the client refuses to send (nothing went upstream). */
export function validationError(issues: readonly InputIssue[]): WeexError {
  const first = eachKeyNamed(issues)[0];
  const message = first ? `Invalid input: ${first.path.map(String).join(".") || "(params)"} ${first.message}` : "Invalid input";
  return new WeexError("validation", message, { issues });
}
