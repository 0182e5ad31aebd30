/**
 * User management as the admin API does it: validation, the rules that keep the dashboard
 * administrable, and an audit record for every change (never the password itself).
 */
import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/db";
import {
  countActiveAdmins,
  createUser,
  getUserById,
  listUsers,
  normalizeUsername,
  passwordProblem,
  ROLES,
  toPublicUser,
  updateUser,
  usernameProblem,
  UsernameTakenError,
  type PublicUser,
} from "@/lib/db/users";
import { audit } from "./audit";
import { forgetUser, type SessionUser } from "./auth";
import { ApiError, fieldError } from "./errors";

const password = z.string({ error: "is required" }).superRefine((p, ctx) => {
  const problem = passwordProblem(p);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

const role = z.enum(ROLES, { error: `must be one of ${ROLES.join(", ")}` });

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
});

export const userChangesSchema = z
  .strictObject({
    role: role.optional(),
    password: password.optional(),
    disabled: z.boolean({ error: "must be true or false" }).optional(),
  })
  .refine((c) => c.role !== undefined || c.password !== undefined || c.disabled !== undefined, {
    message: "must change at least one of role, password, disabled",
    path: [],
  });

export async function allUsers(): Promise<PublicUser[]> {
  return (await listUsers(await getDb())).map(toPublicUser);
}

export async function addUser(input: z.output<typeof newUserSchema>, actor: SessionUser, ip: string): Promise<PublicUser> {
  try {
    const row = await createUser(await getDb(), input);
    await audit({ username: actor.username, action: "user.create", ip, outcome: "success", detail: { target: row.username, role: row.role } });
    return toPublicUser(row);
  } catch (e) {
    if (e instanceof UsernameTakenError) throw fieldError("username", "is already taken");
    throw e;
  }
}

export async function changeUser(id: string, changes: z.output<typeof userChangesSchema>, actor: SessionUser, ip: string): Promise<PublicUser> {
  const db = await getDb();
  const before = await getUserById(db, id);
  if (!before) throw new ApiError("not_found", "There is no such user.");
  // Admins cannot lock themselves out; the last enabled admin stays an enabled admin.
  if (before.id === actor.id && changes.disabled === true) throw fieldError("disabled", "you cannot disable your own account");
  const losesAdmin = before.role === "admin" && !before.disabled && ((changes.role !== undefined && changes.role !== "admin") || changes.disabled === true);
  if (losesAdmin && (await countActiveAdmins(db)) <= 1) {
    throw fieldError(changes.disabled === true ? "disabled" : "role", "would leave the dashboard without an enabled admin");
  }
  const after = await updateUser(db, id, changes);
  if (!after) throw new ApiError("not_found", "There is no such user.");
  forgetUser(id);
  await audit({
    username: actor.username,
    action: "user.update",
    ip,
    outcome: "success",
    detail: {
      target: after.username,
      ...(changes.role !== undefined ? { role: { from: before.role, to: after.role } } : {}),
      ...(changes.disabled !== undefined ? { disabled: after.disabled } : {}),
      ...(changes.password !== undefined ? { passwordReset: true } : {}),
    },
  });
  return toPublicUser(after);
}
