/**
 * The alerts API's contract: the schemas of the rule kinds' parameters, the
 * bodies of rules, destinations and report schedules, and what the routes answer. zod only, no
 * server code. The /alerts page imports only types from here; the kinds, labels and defaults
 * it shows are plain data in ./alert-kinds.ts (no zod in the browser).
 */
import { z } from "zod";
import { AUDIENCES, CADENCES, DECIMAL_TEXT, RULE_KIND_PARAMS, RULE_KINDS, type Audience, type ParamSpec, type Cadence, type DestinationKind, type RuleKind } from "./alert-kinds";
import { LOCALES, type Locale } from "./locales";
import { inInt } from "@/lib/weex/wire";

export * from "./alert-kinds";

/** An IANA zone name Intl knows ("Europe/Berlin", "UTC"). */
function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** "HH:MM", 00:00–23:59. */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time HH:MM (00:00–23:59)");
const decimalText = z.string().regex(DECIMAL_TEXT, "must be a decimal number, e.g. 1000 or 12.5");

/** One parameter's schema, from its entry in RULE_KIND_PARAMS (bounds and default). */
function paramSchema(spec: ParamSpec): z.ZodType {
  switch (spec.type) {
    case "int":
      return z.number().int().min(spec.min).max(spec.max).default(spec.default);
    case "number":
      return z.number().gt(spec.above).max(spec.max).default(spec.default);
    case "choice":
      return z.enum(spec.options as [string, ...string[]]).default(spec.default);
    case "decimal":
      return decimalText.default(spec.default);
  }
}

/** A kind's parameters as the server holds them (defaults filled). */
type ParamValue<S> = S extends { type: "int" | "number" } ? number : S extends { options: readonly (infer O)[] } ? O : string;
type KindParams<K extends RuleKind> = { -readonly [P in keyof (typeof RULE_KIND_PARAMS)[K]]: ParamValue<(typeof RULE_KIND_PARAMS)[K][P]> };
export type AllRuleParams = { [K in RuleKind]: KindParams<K> };

/** A kind's parameters as a strict object: its table's fields, nothing else. */
const paramsOf = <K extends RuleKind>(kind: K) =>
  z.strictObject(Object.fromEntries(Object.entries(RULE_KIND_PARAMS[kind]).map(([name, spec]) => [name, paramSchema(spec)]))) as unknown as z.ZodType<KindParams<K>>;

/** The rule kinds' parameters (./alert-kinds.ts RULE_KIND_PARAMS says what each is, its bounds and default). */
export const RULE_PARAMS = {
  drop: paramsOf("drop"),
  silent: paramsOf("silent"),
  dormant: paramsOf("dormant"),
  daily: paramsOf("daily"),
  riskFlag: paramsOf("riskFlag"),
} as const satisfies Record<RuleKind, z.ZodType>;


export type RuleParams<K extends RuleKind = RuleKind> = AllRuleParams[K];

const timeZone = z.string().refine(isValidTimeZone, "must be an IANA time zone, e.g. Europe/Berlin");
const quiet = z.strictObject({ from: clock, to: clock }).refine((q) => q.from !== q.to, "from and to must differ");
/** Free text a person types: no control characters (the database refuses NUL, and nothing needs them). */
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
const ids = z.array(z.string().min(1).max(64).regex(NO_CONTROL, "must not contain control characters")).max(20);
const name = z.string().trim().min(1, "must not be empty").max(120).regex(NO_CONTROL, "must not contain control characters");

/** POST /api/alerts/rules. `params` is checked against the kind's schema (defaults filled). */
export const ruleInput = z
  .strictObject({
    name,
    kind: z.enum(RULE_KINDS),
    params: z.record(z.string(), z.unknown()).default({}),
    timeZone: timeZone.default("UTC"),
    quiet: quiet.nullable().default(null),
    destinationIds: ids.default([]),
    enabled: z.boolean().default(true),
  })
  .transform((r, ctx) => {
    const parsed = RULE_PARAMS[r.kind].safeParse(r.params);
    if (!parsed.success) {
      for (const i of parsed.error.issues) ctx.addIssue({ code: "custom", path: ["params", ...i.path.map(String)], message: i.message });
      return z.NEVER;
    }
    return { ...r, params: parsed.data as RuleParams };
  });
export type RuleInput = z.output<typeof ruleInput>;

/** PATCH /api/alerts/rules/{id}: any of the fields; `params` replaces the whole set. */
export const rulePatch = z
  .strictObject({
    name: name.optional(),
    params: z.record(z.string(), z.unknown()).optional(),
    timeZone: timeZone.optional(),
    quiet: quiet.nullable().optional(),
    destinationIds: ids.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((p) => Object.keys(p).length > 0, "name at least one field to change");
export type RulePatch = z.output<typeof rulePatch>;

/**
 * A webhook's address: http(s), and no user name or password in it (every delivery would
 * fail, and the error text would carry the password). Where it points is the server's to judge
 * (lib/alerts/address.ts: no internal address unless ALERT_WEBHOOK_ALLOW_HOSTS allows it), at
 * creation and again at every send.
 */
const webhookUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .max(2000)
  .refine((u) => {
    const x = new URL(u);
    return x.username === "" && x.password === "";
  }, "must not contain a user name or password");

/** The language a destination's messages are written in; default: the creating user's. */
const locale = z.enum(LOCALES, { error: `must be one of ${LOCALES.join(", ")}` }).optional();

/** POST /api/alerts/destinations. A webhook's secret is generated by the server and shown once. */
export const destinationInput = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("webhook"), name, url: webhookUrl, locale }),
  z.strictObject({ kind: z.literal("email"), name, email: z.email({ error: "must be an email address" }).max(320), locale }),
]);
export type DestinationInput = z.output<typeof destinationInput>;

/**
 * POST /api/alerts/schedules. `audience` "destinations" (the default) sends one report to the
 * destinations named; "each-partner" sends each partner with an email their own report, and
 * names no destination (its partners' addresses are theirs: lib/contract/user-email.ts).
 */
export const scheduleInput = z
  .strictObject({
    name,
    cadence: z.enum(CADENCES),
    timeZone: timeZone.default("UTC"),
    audience: z.enum(AUDIENCES, { error: `must be one of ${AUDIENCES.join(", ")}` }).default("destinations"),
    destinationIds: ids.optional(),
  })
  .superRefine((s, ctx) => {
    if (s.audience === "destinations" && !s.destinationIds?.length) ctx.addIssue({ code: "custom", path: ["destinationIds"], message: "name at least one destination" });
    if (s.audience === "each-partner" && s.destinationIds?.length) ctx.addIssue({ code: "custom", path: ["destinationIds"], message: "is not for an each-partner schedule: each partner's report goes to their own email" });
  })
  .transform((s) => ({ ...s, destinationIds: s.destinationIds ?? [] }));
export type ScheduleInput = z.output<typeof scheduleInput>;

// ---------------------------------------------------------------------------------------------
// Queries and path parameters of the alerts routes (in the contract, so the API
// document shows what the routes parse with)

/** `page` (from 1) and `pageSize` (≤ 200, default 50), to spread into a query schema. */
export const alertPaging = {
  page: inInt(1, 1_000_000).optional().default(1),
  pageSize: inInt(1, 200).optional().default(50),
};

/** GET /api/alerts: what fired, open or resolved. */
export const episodesQuery = z.strictObject({ state: z.enum(["open", "resolved"]).optional(), ...alertPaging });

/** GET /api/alerts/deliveries: the delivery log, of one destination or all. */
export const deliveriesQuery = z.strictObject({ destinationId: z.string().max(64).optional(), ...alertPaging });

const reportDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD");
/** GET /api/alerts/report-csv: a report's signed link (its signature is the permission). */
export const reportCsvQuery = z.strictObject({
  from: reportDay,
  to: reportDay,
  expires: inInt(0, Number.MAX_SAFE_INTEGER),
  sig: z.string().regex(/^[0-9a-f]{64}$/, "must be the link's signature"),
});

/** A rule's, destination's or schedule's id in the path. */
export const alertIdParams = z.object({ id: z.string().max(64) });

/** What the API answers for a rule (GET /api/alerts/rules). */
export interface RuleView {
  id: string;
  name: string;
  kind: RuleKind;
  params: RuleParams;
  timeZone: string;
  quiet: { from: string; to: string } | null;
  destinationIds: string[];
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
  lastEvaluatedAt: number | null;
}

/** A destination as answered: never its secret (that is shown once, when it is created). */
export interface DestinationView {
  id: string;
  name: string;
  kind: DestinationKind;
  target: string;
  /** the language its messages are written in */
  locale: Locale;
  createdAt: number;
}

export interface EpisodeView {
  id: string;
  ruleId: string;
  ruleName: string;
  /** the rule's kind (null: an episode from before kinds were kept with it) */
  ruleKind: RuleKind | null;
  subject: string;
  summary: string;
  openedAt: number;
  resolvedAt: number | null;
  detail: Record<string, unknown>;
}

export interface ScheduleView {
  id: string;
  name: string;
  cadence: Cadence;
  timeZone: string;
  /** its destinations, or each partner with an email (their own reports) */
  audience: Audience;
  /** empty for an each-partner schedule */
  destinationIds: string[];
  lastPeriodEnd: number;
  nextDueAt: number;
  /** an each-partner schedule's partners its last period skipped for want of an email (usernames) */
  skippedPartners: string[];
}

export interface DeliveryView {
  id: string;
  /** null for a partner's own report (an each-partner schedule's): `recipient` says whose */
  destinationId: string | null;
  destinationName: string | null;
  /** the partner an each-partner report went to (their username as it was then) */
  recipient: { userId: string; username: string } | null;
  purpose: "fired" | "resolved" | "test" | "report";
  title: string;
  state: "pending" | "sending" | "sent" | "failed";
  attempts: { attempt: number; at: number; ok: boolean; status: number | null; error: string | null; durationMs: number }[];
  nextAttemptAt: number | null;
  createdAt: number;
}
