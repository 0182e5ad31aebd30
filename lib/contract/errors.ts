/**
 * The dashboard's error contract (shared/spec/dashboard-api.md §3): the codes, the HTTP status
 * each one is answered with, and the body every error response has. Shared by the route
 * handlers (lib/server/http/errors.ts raises and renders them) and the browser (which reads them);
 * no server code here.
 */
import { z } from "zod";
import { API_ERROR_STATUS, type ApiErrorCode } from "./error-codes";

export { API_ERROR_STATUS, type ApiErrorCode };

/** One field our input got wrong: a dotted path (`pageSize`, `body.price`) and why. */
export const fieldIssueSchema = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** What WEEX answered, when the error came from WEEX. */
export const upstreamInfoSchema = z.object({ status: z.number().optional(), code: z.string().optional(), msg: z.string().optional() });
export type UpstreamInfo = z.infer<typeof upstreamInfoSchema>;

export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(API_ERROR_STATUS) as [ApiErrorCode, ...ApiErrorCode[]]),
    message: z.string(),
    fields: z.array(fieldIssueSchema).optional(),
    upstream: upstreamInfoSchema.optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
