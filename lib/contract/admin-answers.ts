/**
 * The answers of the archive's status, the health check and the administration routes (users,
 * the audit log); responses.ts lists every route's answer.
 */
import { z } from "zod";
import { id, listPageSchema, time } from "./answer-meta";
import { USER_ROLES } from "./roles";

/** GET /api/archive/status: whether the first backfill still runs, and what each dataset holds. */
export const archiveStatusSchema = z.object({
  now: time,
  building: z.boolean(),
  percent: z.number(),
  datasets: z.array(
    z.object({
      dataset: z.string(),
      label: z.string(),
      building: z.boolean(),
      percent: z.number().nullable(),
      syncedAt: time.nullable(),
      heldFrom: time.nullable(),
      heldTo: time.nullable(),
    }),
  ),
});
export type ArchiveStatus = z.infer<typeof archiveStatusSchema>;

/** GET /api/health */
export const healthSchema = z.object({ status: z.enum(["ok", "error"]), mode: z.enum(["demo", "live"]), database: z.enum(["embedded", "postgres"]) });
export type Health = z.infer<typeof healthSchema>;

/** A dashboard user as the admin routes show one (never a password hash). */
export const adminUserSchema = z.object({
  id: id,
  username: z.string(),
  role: z.enum(USER_ROLES),
  /** a partner's scope (lib/contract/scope.ts); null for the other roles */
  scope: z.object({ subAffiliateUids: z.array(z.string()), inviteCodes: z.array(z.string()) }).nullable(),
  /** where their own reports go (a partner's each-partner reports); null: none */
  email: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
/**
 * What an admin's password reset or disabling ended besides the user's sessions: their live API
 * tokens (by id and name) and share links (by id and view). Null for a change that ends nothing.
 */
export const revokedCredentialsSchema = z.object({
  tokens: z.array(z.object({ id: z.string(), name: z.string() })),
  shareLinks: z.array(z.object({ id: z.string(), page: z.string() })),
});
export type RevokedCredentials = z.infer<typeof revokedCredentialsSchema>;
/** PATCH /api/admin/users/{id} */
export const userChangedSchema = z.object({ user: adminUserSchema, revoked: revokedCredentialsSchema.nullable() });
export type UserChanged = z.infer<typeof userChangedSchema>;
/** GET /api/admin/users */
export const adminUsersSchema = z.object({ items: z.array(adminUserSchema) });

/** One audit log entry (GET /api/admin/audit). */
export const auditRecordSchema = z.object({
  id: id,
  at: z.string(),
  username: z.string().nullable(),
  action: z.string(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  outcome: z.string(),
  upstreamOrderId: z.string().nullable(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;
/** GET /api/admin/audit: a page of the log (its total is always known) and every action recorded. */
export const auditPageSchema = listPageSchema(auditRecordSchema).extend({ total: z.number().int(), pages: z.number().int(), actions: z.array(z.string()) });
export type AuditPage = z.infer<typeof auditPageSchema>;
