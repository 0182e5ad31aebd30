/**
 * The dashboard error codes and their HTTP statuses (dashboard-api.md §3), without zod: the
 * browser's error object checks a body's code against this list, and a page's bundle should
 * not carry a schema library for that. errors.ts re-exports them with the body schema.
 */
export const API_ERROR_STATUS = {
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  /** a request body past the limit (lib/server/http/body.ts); the connection is closed after it */
  payload_too_large: 413,
  /**
   * a valid request whose answer is too large to build (more buckets than MAX_ANSWER_BUCKETS,
   * lib/contract/answer-limits.ts) or whose archive read ran past its statement timeout;
   * `fields` names the one to narrow. 422: every field is within its own rule (not 400), no
   * body is involved (not 413), WEEX is not at fault (not 503/504) — this combination is
   * refused, and a narrower one is answered.
   */
  answer_too_large: 422,
  rate_limited: 429,
  upstream_error: 502,
  upstream_unavailable: 503,
  upstream_timeout: 504,
  internal_error: 500,
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;


export function isApiErrorCode(code: unknown): code is ApiErrorCode {
  return typeof code === "string" && Object.hasOwn(API_ERROR_STATUS, code);
}
