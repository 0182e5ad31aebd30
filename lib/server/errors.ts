/**
 * Errors a route handler raises itself (an unknown user, a rule of the dashboard rather than
 * of WEEX). The wrapper in route.ts renders them; no handler writes error JSON.
 * WEEX-side problems are WeexError (lib/weex/errors.ts), mapped by toApiError.
 */
import "server-only";
import { API_ERROR_STATUS, type ApiErrorBody, type ApiErrorCode, type FieldIssue } from "@/lib/weex/errors";

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly fields?: FieldIssue[];
  readonly retryAfterSeconds?: number;

  constructor(code: ApiErrorCode, message: string, extra: { fields?: FieldIssue[]; retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.fields = extra.fields;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }

  get status(): number {
    return API_ERROR_STATUS[this.code];
  }

  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields?.length ? { fields: this.fields } : {}) } };
  }
}

/** A 400 naming one field. */
export function fieldError(path: string, message: string): ApiError {
  return new ApiError("validation_error", `Invalid input: ${path} ${message}`, { fields: [{ path, message }] });
}

/** The one way to write an error response (also used outside route(), e.g. the login throttle). */
export function errorResponse(status: number, body: ApiErrorBody, retryAfterSeconds?: number): Response {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (retryAfterSeconds !== undefined) headers["Retry-After"] = String(retryAfterSeconds);
  return Response.json(body, { status, headers });
}
