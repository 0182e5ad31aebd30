/**
 * API tokens: what POST /api/tokens takes and what the token routes answer. zod only;
 * the settings page imports the types (and the plain limits in ./token-limits.ts).
 */
import { z } from "zod";
import { inTime } from "@/lib/weex/wire";
import { ROLES } from "./roles";
import { TOKEN_NAME_MAX } from "./token-limits";

export * from "./token-limits";

/** Free text a person types: no control characters. */
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;

/**
 * POST /api/tokens. `expiresAt` (epoch ms) is required: in the future and at most a year away
 * (checked by the server, which knows the time). `role` defaults to the creator's and may not
 * exceed it; `write` allows POST/PUT/PATCH/DELETE (within the role); `inUrl` makes a token the
 * CSV exports also take as `?access_token=` (for spreadsheets, which cannot send a header): such
 * a token is a read-only viewer token.
 */
export const tokenInput = z
  .strictObject({
    name: z.string({ error: "is required" }).trim().min(1, "must not be empty").max(TOKEN_NAME_MAX, `must be at most ${TOKEN_NAME_MAX} characters`).regex(NO_CONTROL, "must not contain control characters"),
    expiresAt: inTime,
    role: z.enum(ROLES, { error: `must be one of ${ROLES.join(", ")}` }).optional(),
    write: z.boolean({ error: "must be true or false" }).default(false),
    inUrl: z.boolean({ error: "must be true or false" }).default(false),
  })
  .superRefine((t, ctx) => {
    if (!t.inUrl) return;
    if (t.write) ctx.addIssue({ code: "custom", path: ["write"], message: "must be false for a token used in URLs" });
    if (t.role !== undefined && t.role !== "viewer") ctx.addIssue({ code: "custom", path: ["role"], message: "must be viewer for a token used in URLs" });
  });
export type TokenInput = z.output<typeof tokenInput>;

/** DELETE /api/tokens/{id} */
export const tokenParams = z.object({ id: z.string().max(64) });

const ms = z.number().int();

/** A token as listed: never the token itself (that is shown once, when it is made). */
export const tokenViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** whose token it is (an admin's list holds everyone's) */
  username: z.string(),
  /** the token's first characters, to tell tokens apart */
  hint: z.string(),
  role: z.enum(ROLES),
  write: z.boolean(),
  inUrl: z.boolean(),
  createdAt: ms,
  expiresAt: ms,
  /** to within a minute (the server notes a token's use at most once a minute) */
  lastUsedAt: ms.nullable(),
  lastUsedIp: z.string().nullable(),
});
export type TokenView = z.infer<typeof tokenViewSchema>;

/** GET /api/tokens: your tokens (an admin: everyone's), newest first. */
export const tokenListSchema = z.object({ items: z.array(tokenViewSchema) });
export type TokenList = z.infer<typeof tokenListSchema>;

/** POST /api/tokens → 201: the token, this once. */
export const tokenCreatedSchema = tokenViewSchema.extend({ token: z.string() });
export type TokenCreated = z.infer<typeof tokenCreatedSchema>;

/** DELETE /api/tokens/{id} */
export const tokenDeletedSchema = z.object({ deleted: z.string() });
