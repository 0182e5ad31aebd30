/**
 * The server's one error module. Everything that goes wrong in a route handler ends here as an
 * `ApiError` with one of the dashboard's codes (lib/contract/errors.ts: codes, statuses, body):
 *
 * - raised by the server itself (`new ApiError`, `fieldError`, `invalidInput`);
 * - zod issues of our own input → `fields` (`fieldIssues`, the only place that names them);
 * - the exchange client's `WeexError` → `fromWeexError` (the kind decides the code; WEEX's
 *   status, code and message ride along as `upstream`).
 *
 * route.ts renders them; no handler writes error JSON.
 */
import "server-only";
import { AnswerTooLargeError } from "@/lib/contract/answer-limits";
import { API_ERROR_STATUS, type ApiErrorBody, type ApiErrorCode, type FieldIssue, type UpstreamInfo } from "@/lib/contract/errors";
import type { Locale } from "@/lib/i18n/locales";
import type { InputIssue, WeexError, WeexErrorKind } from "@/lib/weex/errors";
import { eachKeyNamed } from "@/lib/weex/wire";
import { localizeErrorBody, rememberIssue } from "./error-messages";

export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    /** the fields our input got wrong; what WEEX answered; when a retry may succeed (429) */
    readonly details: { fields?: FieldIssue[]; upstream?: UpstreamInfo; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }

  get status(): number {
    return API_ERROR_STATUS[this.code];
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details.fields?.length ? { fields: this.details.fields } : {}),
        ...(this.details.upstream ? { upstream: this.details.upstream } : {}),
      },
    };
  }

  /** The error as sent, its messages in `locale` (error-messages.ts; English as written). */
  toResponse(locale: Locale = "en"): Response {
    return errorResponse(this.status, localizeErrorBody(this.toBody(), locale), this.details.retryAfterSeconds);
  }
}

/**
 * zod issues as the contract's `fields`: dotted paths, each unknown key named on its own.
 * `root` names an issue about the input as a whole.
 */
export function fieldIssues(issues: readonly InputIssue[], root = "(input)"): FieldIssue[] {
  // Each field keeps its raw issue, so zod's own wording can be given in another language.
  return issues.flatMap((raw) =>
    eachKeyNamed([raw]).map((i) => rememberIssue({ path: i.path.map(String).join(".") || root, message: i.message }, raw)),
  );
}

/** A 400 naming every field that is wrong; the message names the first. */
export function invalidInput(fields: FieldIssue[]): ApiError {
  const first = fields[0];
  return new ApiError("validation_error", first ? `Invalid input: ${first.path} ${first.message}` : "Invalid input", { fields });
}

/** A 400 naming one field. */
export function fieldError(path: string, message: string): ApiError {
  return invalidInput([{ path, message }]);
}

/** The dashboard code each kind of exchange-client failure is answered with. */
const KIND_TO_CODE: Record<WeexErrorKind, ApiErrorCode> = {
  validation: "validation_error",
  upstream: "upstream_error",
  malformed: "upstream_error",
  unavailable: "upstream_unavailable",
  timeout: "upstream_timeout",
  rate_limited: "rate_limited",
  not_found: "not_found",
};

/** The exchange client's error as the dashboard's (Retry-After whole seconds, at least 1, on 429). */
export function fromWeexError(e: WeexError): ApiError {
  const code = KIND_TO_CODE[e.kind];
  const upstream = e.upstream && (e.upstream.status !== undefined || e.upstream.code !== undefined) ? e.upstream : undefined;
  return new ApiError(code, e.message, {
    fields: e.issues ? fieldIssues(e.issues, "(body)") : undefined,
    upstream,
    retryAfterSeconds: code === "rate_limited" ? Math.max(1, Math.ceil((e.retryAfterMs ?? 1000) / 1000)) : undefined,
  });
}

/**
 * A request too large to answer as `answer_too_large` 422, naming the field to narrow: refused
 * before its answer was built (AnswerTooLargeError), or its archive read cancelled by the read
 * pool's statement timeout (PostgreSQL's SQLSTATE 57014, lib/db/connection.ts). Else undefined.
 */
export function fromAnswerLimit(e: unknown): ApiError | undefined {
  if (e instanceof AnswerTooLargeError) return new ApiError("answer_too_large", e.message, { fields: [{ path: e.field, message: e.fieldMessage }] });
  if (sqlState(e) === "57014") {
    const message = "must be narrower: the archive could not answer this range in time";
    return new ApiError("answer_too_large", `The answer is too large to build: startTime ${message}`, { fields: [{ path: "startTime", message }] });
  }
  return undefined;
}

/** A database error's SQLSTATE, on the error or its cause (Drizzle wraps the driver's). */
function sqlState(e: unknown): string | undefined {
  for (let x = e, depth = 0; x && typeof x === "object" && depth < 4; x = (x as { cause?: unknown }).cause, depth++) {
    const code = (x as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The one way to write an error response (also used outside route(), e.g. the login throttle). */
export function errorResponse(status: number, body: ApiErrorBody, retryAfterSeconds?: number): Response {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (retryAfterSeconds !== undefined) headers["Retry-After"] = String(retryAfterSeconds);
  // The rest of a body too large is left unread (body.ts): Node closes the connection once this
  // answer is out, rather than keep it and first read and discard whatever else is sent.
  if (body.error.code === "payload_too_large") headers.Connection = "close";
  return Response.json(body, { status, headers });
}
