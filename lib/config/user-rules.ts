/**
 * What a username and a password must be: one set of rules for the users table, the users CLI,
 * the admin API and the bootstrap admin of the configuration (checked at start, so a wrong
 * BOOTSTRAP_ADMIN_* never waits for the first empty database to fail). Here, below lib/db,
 * because the configuration may not import the database layer.
 */

export const USERNAME_RE = /^[a-z0-9][a-z0-9._-]{0,63}$/;
export const PASSWORD_MIN = 8;
/** bcrypt only looks at the first 72 bytes; longer passwords would be silently truncated. */
export const PASSWORD_MAX_BYTES = 72;

export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

export function usernameProblem(username: string): string | null {
  return USERNAME_RE.test(username) ? null : "must be 1-64 characters: lower-case letters, digits, dot, underscore or hyphen, starting with a letter or digit";
}

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `must be at least ${PASSWORD_MIN} characters`;
  if (Buffer.byteLength(password, "utf8") > PASSWORD_MAX_BYTES) return `must be at most ${PASSWORD_MAX_BYTES} bytes`;
  return null;
}
