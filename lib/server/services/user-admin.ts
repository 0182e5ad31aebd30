/**
 * User management as the admin API does it: validation, the rules that keep the dashboard
 * administrable, and an audit record for every change (never the password itself).
 */
import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/db";
import {
  changeUserRow,
  countActiveAdmins,
  createUser,
  getUserById,
  listUsers,
  normalizeUsername,
  passwordProblem,
  scopeOf,
  USER_ROLES,
  toPublicUser,
  usernameProblem,
  UsernameTakenError,
  type PublicUser,
  type RevokedCredentials,
} from "@/lib/db/users";
import { forgetTokens } from "../identity/api-tokens";
import { audit } from "../identity/audit";
import { forgetUser } from "../identity/auth";
import type { SessionUser } from "../identity/principal";
import { ApiError, fieldError } from "../http/errors";
import { scopeSchema } from "@/lib/contract/scope";
import { userEmailSchema } from "@/lib/contract/user-email";

const password = z.string({ error: "is required" }).superRefine((p, ctx) => {
  const problem = passwordProblem(p);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

const role = z.enum(USER_ROLES, { error: `must be one of ${USER_ROLES.join(", ")}` });

/** A partner needs a scope, and only a partner has one (lib/contract/scope.ts). */
function scopeGoesWithRole(u: { role?: string; scope?: unknown }, ctx: z.RefinementCtx, required: boolean) {
  if (u.role === "partner" && required && u.scope === undefined) ctx.addIssue({ code: "custom", path: ["scope"], message: "is required for a partner: sub-affiliate UIDs and/or invite codes, at least one" });
  if (u.role !== undefined && u.role !== "partner" && u.scope !== undefined) ctx.addIssue({ code: "custom", path: ["scope"], message: "is only for the partner role" });
}

export const newUserSchema = z.strictObject({
  username: z
    .string({ error: "is required" })
    .transform(normalizeUsername)
    .superRefine((u, ctx) => {
      const problem = usernameProblem(u);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  password,
  role,
  scope: scopeSchema.optional(),
  /** where their own reports go (a partner's each-partner reports) */
  email: userEmailSchema.optional(),
}).superRefine((u, ctx) => scopeGoesWithRole(u, ctx, true));

export const userChangesSchema = z
  .strictObject({
    role: role.optional(),
    scope: scopeSchema.optional(),
    password: password.optional(),
    disabled: z.boolean({ error: "must be true or false" }).optional(),
    /** null removes it */
    email: userEmailSchema.nullable().optional(),
  })
  .refine((c) => c.role !== undefined || c.scope !== undefined || c.password !== undefined || c.disabled !== undefined || c.email !== undefined, {
    message: "must change at least one of role, scope, password, disabled, email",
    path: [],
  })
  .superRefine((c, ctx) => scopeGoesWithRole(c, ctx, false));

export async function allUsers(): Promise<PublicUser[]> {
  return (await listUsers(await getDb())).map(toPublicUser);
}

export async function addUser(input: z.output<typeof newUserSchema>, actor: SessionUser, ip: string): Promise<PublicUser> {
  try {
    const row = await createUser(await getDb(), input);
    await audit({ username: actor.username, action: "user.create", ip, outcome: "success", detail: { target: row.username, role: row.role, ...(row.role === "partner" ? { scope: scopeOf(row) } : {}), ...(row.email ? { email: row.email } : {}) } });
    return toPublicUser(row);
  } catch (e) {
    if (e instanceof UsernameTakenError) throw fieldError("username", "is already taken");
    throw e;
  }
}

/**
 * An admin's change of a user. A new password or disabling ends the user's sessions, API tokens
 * and share links (lib/db/users.ts `changeUserRow`, one transaction): `revoked` lists the tokens
 * and links it ended, as the audit entry does; null for a change that ends nothing.
 */
export async function changeUser(id: string, changes: z.output<typeof userChangesSchema>, actor: SessionUser, ip: string): Promise<{ user: PublicUser; revoked: RevokedCredentials | null }> {
  const db = await getDb();
  const before = await getUserById(db, id);
  if (!before) throw new ApiError("not_found", "There is no such user.");
  // Admins cannot lock themselves out; the last enabled admin stays an enabled admin.
  if (before.id === actor.id && changes.disabled === true) throw fieldError("disabled", "you cannot disable your own account");
  const losesAdmin = before.role === "admin" && !before.disabled && ((changes.role !== undefined && changes.role !== "admin") || changes.disabled === true);
  if (losesAdmin && (await countActiveAdmins(db)) <= 1) {
    throw fieldError(changes.disabled === true ? "disabled" : "role", "would leave the dashboard without an enabled admin");
  }
  if (changes.role === "partner" && before.role !== "partner" && changes.scope === undefined) throw fieldError("scope", "is required to make a user a partner");
  if (changes.scope !== undefined && (changes.role ?? before.role) !== "partner") throw fieldError("scope", "is only for the partner role");
  const changed = await changeUserRow(db, id, changes);
  if (!changed) throw new ApiError("not_found", "There is no such user.");
  const { row: after, revoked } = changed;
  // (the user's next request, in this process, reads the new role and scope; partners are never
  // cached: auth.ts. Their revoked tokens are refused here at once, elsewhere within USER_CACHE_MS;
  // share links are read per request, so revoked links stop everywhere at once.)
  forgetUser(id);
  if (revoked) forgetTokens(revoked.tokens.map((t) => t.id));
  await audit({
    username: actor.username,
    action: "user.update",
    ip,
    outcome: "success",
    detail: {
      target: after.username,
      ...(changes.role !== undefined ? { role: { from: before.role, to: after.role } } : {}),
      ...(changes.scope !== undefined || (changes.role !== undefined && changes.role !== before.role) ? { scope: { from: scopeOf(before), to: scopeOf(after) } } : {}),
      ...(changes.disabled !== undefined ? { disabled: after.disabled } : {}),
      ...(changes.email !== undefined ? { email: { from: before.email, to: after.email } } : {}),
      ...(changes.password !== undefined ? { passwordReset: true } : {}),
      ...(revoked ? { revoked } : {}),
    },
  });
  return { user: toPublicUser(after), revoked };
}
