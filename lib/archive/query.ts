/**
 * The `source=auto|archive|live` query parameter of the affiliate routes, and the query
 * schemas for `source=archive`.
 *
 * With `auto` and `live` a route validates exactly as before (the upstream's windows: invitees
 * a year, transfers a month), because live WEEX may be asked. With `archive` nothing goes
 * upstream, so the windows do not apply: history WEEX has forgotten stays readable and
 * exportable. The archive schemas are the same fields from the same endpoint table, with only
 * the ordering rule (end ≥ start) kept.
 */
import { z } from "zod";
import { funnelQuery, inviteesExportQuery } from "@/lib/affiliate/queries";
import { checkWindow, ENDPOINTS, requestSchema, withWindow } from "@/lib/weex/endpoints";
import { forwardIssues, inEnum } from "@/lib/weex/wire";
import { SOURCE_PARAMS, type SourceParam } from "./select";

const ORDERED_ONLY = { ordered: true };

/** Archive list queries: the list routes' fields and paging, the ordering rule as the only time window. */
export const archiveListQuery = {
  invitees: requestSchema(withWindow(ENDPOINTS.invitees, ORDERED_ONLY)),
  withdrawals: requestSchema(withWindow(ENDPOINTS.withdrawals, ORDERED_ONLY)),
};

/** Archive export/aggregate queries whose live versions carry a window. */
export const archiveInviteesExportQuery = z.strictObject(inviteesExportQuery.shape).superRefine((p, ctx) => checkWindow(ORDERED_ONLY, p, ctx));
export const archiveFunnelQuery = z.strictObject(funnelQuery.shape).superRefine((p, ctx) => checkWindow(ORDERED_ONLY, p, ctx));
export const archiveWithdrawalsExportQuery = withWindow(ENDPOINTS.withdrawals, ORDERED_ONLY).params;

const sourceParam = inEnum(SOURCE_PARAMS);

/**
 * `schema` plus `source` (default auto). With source=archive the rest is validated by
 * `archive` (default: the same schema). Issues keep their field paths; unknown fields are
 * named one by one, as everywhere else.
 */
export function withSource<L extends z.ZodType, A extends z.ZodType = L>(live: L, archive?: A) {
  return z.record(z.string(), z.unknown()).transform((input, ctx) => {
    const { source: rawSource, ...rest } = input;
    const s = sourceParam.safeParse(rawSource ?? "auto");
    if (!s.success) {
      ctx.addIssue({ code: "custom", path: ["source"], message: `must be one of ${SOURCE_PARAMS.join(", ")}` });
      return z.NEVER;
    }
    const schema: z.ZodType = s.data === "archive" && archive ? archive : live;
    const r = schema.safeParse(rest);
    if (!r.success) {
      forwardIssues(ctx, r.error.issues);
      return z.NEVER;
    }
    return { ...(r.data as object), source: s.data as SourceParam } as (z.output<L> | z.output<A>) & { source: SourceParam };
  });
}
