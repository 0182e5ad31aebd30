/**
 * The risk flags' names, zod-free (the alert kinds' table, lib/contract/alert-kinds.ts, reads the
 * severities without loading zod): the rule keys, a flag's severities (lowest first), its
 * subject types and its states. The routes' schemas over them are ./risk.ts.
 */
export const RISK_RULE_KEYS = ["inAndOut", "churn", "signupBurst", "hollowSignups", "twinDeposits", "subSpike", "fundedInvitee", "concentration"] as const;
export type RiskRuleKey = (typeof RISK_RULE_KEYS)[number];

export const RISK_SEVERITIES = ["low", "medium", "high"] as const;
export type RiskSeverity = (typeof RISK_SEVERITIES)[number];

export const RISK_SUBJECT_TYPES = ["invitee", "subAffiliate", "inviteCode", "account"] as const;
export type RiskSubjectType = (typeof RISK_SUBJECT_TYPES)[number];

export const RISK_FLAG_STATES = ["open", "dismissed", "confirmed", "expired"] as const;
export type RiskFlagState = (typeof RISK_FLAG_STATES)[number];
