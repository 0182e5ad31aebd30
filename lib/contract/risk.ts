/**
 * The risk routes' contract: the rule keys, a flag's severities, subject types and states, and
 * the queries and bodies the routes parse. What each rule checks, its parameters with their
 * bounds and defaults and its query are the server's table (lib/risk/rules.ts); a rule's
 * parameters are checked there against that table (a 400 naming `params.<name>`).
 */
import { z } from "zod";
import { inEnum, inText } from "@/lib/weex/wire";
import { paged } from "./queries";

export const RISK_RULE_KEYS = ["inAndOut", "churn", "signupBurst", "hollowSignups", "twinDeposits", "subSpike", "fundedInvitee", "concentration"] as const;
export type RiskRuleKey = (typeof RISK_RULE_KEYS)[number];

export const RISK_SEVERITIES = ["low", "medium", "high"] as const;
export type RiskSeverity = (typeof RISK_SEVERITIES)[number];

export const RISK_SUBJECT_TYPES = ["invitee", "subAffiliate", "inviteCode", "account"] as const;
export type RiskSubjectType = (typeof RISK_SUBJECT_TYPES)[number];

export const RISK_FLAG_STATES = ["open", "dismissed", "confirmed", "expired"] as const;
export type RiskFlagState = (typeof RISK_FLAG_STATES)[number];

/** GET /api/risk/flags: the open flags unless `state` says otherwise. */
export const riskFlagsQuery = paged(
  z.strictObject({
    state: inEnum(RISK_FLAG_STATES).default("open"),
    rule: inEnum(RISK_RULE_KEYS).optional(),
    severity: inEnum(RISK_SEVERITIES).optional(),
    subjectType: inEnum(RISK_SUBJECT_TYPES).optional(),
    subject: inText(64).optional(),
  }),
  "riskFlags",
);
export type RiskFlagsQuery = z.output<typeof riskFlagsQuery>;

/** Free text a person types: no control characters but line breaks. */
const note = z.string().trim().max(2000).regex(/^[^\u0000-\u0009\u000b-\u001f\u007f]*$/, "must not contain control characters");

/** PATCH /api/risk/flags/{id}: a review; dismissing needs a note (why it is no risk). */
export const riskFlagPatch = z
  .strictObject({ state: inEnum(["open", "dismissed", "confirmed"] as const), note: note.optional() })
  .superRefine((b, ctx) => {
    if (b.state === "dismissed" && !b.note) ctx.addIssue({ code: "custom", path: ["note"], message: "is required to dismiss a flag" });
  });
export type RiskFlagPatch = z.output<typeof riskFlagPatch>;

export const riskFlagParams = z.strictObject({ id: z.string().regex(/^\d{1,18}$/, "must be a flag id") });

/** PATCH /api/risk/rules/{rule}: each parameter is checked against the rule's bounds on the server. */
export const riskRulePatch = z
  .strictObject({ enabled: z.boolean().optional(), params: z.record(z.string(), z.union([z.number(), z.string()])).optional() })
  .refine((b) => b.enabled !== undefined || b.params !== undefined, "must change enabled or params");
export type RiskRulePatch = z.output<typeof riskRulePatch>;

export const riskRuleParams = z.strictObject({ rule: inEnum(RISK_RULE_KEYS) });
