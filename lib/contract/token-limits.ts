/**
 * The API tokens' limits as plain data (no zod): the settings page shows them, the contract
 * (./tokens.ts) and the server (lib/server/identity/api-tokens.ts) enforce them.
 */

/** Every token starts so: secret scanners (and people) can tell what a leaked one is. */
export const TOKEN_PREFIX = "wxd_";
/** At most a year: a calendar year from any day is at most 366 days. */
export const TOKEN_MAX_LIFETIME_MS = 366 * 86_400_000;
export const TOKEN_NAME_MAX = 120;
/** Tokens one person may have that have not expired. */
export const TOKEN_MAX_PER_USER = 25;
/** The query parameter of an export URL that carries a token made for URLs (RFC 6750 §2.3's name). */
export const TOKEN_QUERY_PARAM = "access_token";
