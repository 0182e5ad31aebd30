/**
 * The alert rule kinds, their labels and parameter defaults, and the fixed choices of the
 * alerts API, as plain data: the /alerts page needs these and nothing else of the contract, so
 * it does not load zod (a sixth of a page's first-load JavaScript). The zod schemas that check
 * bodies on the server are in ./alerts.ts and take their defaults from here.
 */
export const PRODUCT_SCOPES = ["SPOT", "FUTURES", "both"] as const;
export type ProductScope = (typeof PRODUCT_SCOPES)[number];

export const RULE_KINDS = ["drop", "silent", "dormant", "daily"] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/**
 * The defaults of each kind, so `{kind: "drop"}` alone is a complete rule: volume
 * falling by ≥ 40 % over 7 days against the 28 before. The schemas in ./alerts.ts type-check
 * each default against its parameter.
 */
export const RULE_DEFAULTS = {
  drop: { metric: "volume", productType: "both", days: 7, baselineDays: 28, percent: 40 },
  silent: { productType: "both", days: 7 },
  dormant: { days: 30, count: 10 },
  daily: { metric: "paidCommission", direction: "below", threshold: "0" },
} as const satisfies Record<RuleKind, object>;

export const DESTINATION_KINDS = ["webhook", "email"] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];

export const CADENCES = ["weekly", "monthly"] as const;
export type Cadence = (typeof CADENCES)[number];

/**
 * Who a scheduled report goes to: its destinations (one report of the whole account), or each
 * partner with an email (each their own report, of their scope, in their language).
 */
export const AUDIENCES = ["destinations", "each-partner"] as const;
export type Audience = (typeof AUDIENCES)[number];
