/**
 * A user's email (where a partner's own scheduled reports go). One rule for the admin
 * API, the users CLI and the page (this module imports nothing server-side). Stored trimmed;
 * null: none.
 */
import { z } from "zod";

/** As long as a destination's address may be (lib/contract/alerts.ts). */
export const USER_EMAIL_MAX = 320;

export const userEmailSchema = z
  .string({ error: "must be an email address" })
  .trim()
  .pipe(z.email({ error: "must be an email address" }).max(USER_EMAIL_MAX, `must be at most ${USER_EMAIL_MAX} characters`));
