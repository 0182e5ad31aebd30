/**
 * Fault injection: the failures a real exchange produces, switchable at run time (SIM_FAULTS
 * at start, POST /__sim/faults while running; `{}` clears).
 *
 * Each mode takes a FaultSpec saying which requests it hits:
 *   { next: N }     the next N matching requests (deterministic bursts)
 *   { forMs: T }    every matching request for T ms from now (e.g. a 429 storm)
 *   { rate: p }     each matching request with probability p, drawn from a PRNG seeded by
 *                   `seed`, so a run is repeatable
 *   {}              every matching request
 * `forMs` combines with `rate`; `next` wins over both. `endpoints` restricts every mode to
 * those endpoint keys (e.g. ["withdrawals"]).
 *
 * When several modes hit one request, the first of FAULT_MODES applies. `error5xx` and
 * `storm429` answer before the request is executed (an outage, a throttle). `hang`, `drop`,
 * `malformed` and `schema` happen after it was executed: that is the case a client must
 * survive without resending an order (it may have been placed).
 */
import { z } from "zod";
import { mulberry32, type Rng } from "./prng";

const faultSpec = z.strictObject({
  next: z.number().int().min(0).optional(),
  rate: z.number().min(0).max(1).optional(),
  forMs: z.number().int().min(0).optional(),
});

export const faultsSchema = z.strictObject({
  endpoints: z.array(z.string()).optional(),
  seed: z.number().int().optional(),
  /** added to every matching answer (also to faulted ones) */
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  /** dropped connection: the socket is destroyed without an answer */
  drop: faultSpec.optional(),
  /** no answer at all until the client gives up (or the simulator closes) */
  hang: faultSpec.optional(),
  /** an HTTP 5xx with a non-JSON body, as a proxy in front of an exchange answers */
  error5xx: faultSpec.extend({ status: z.number().int().min(500).max(599).optional() }).optional(),
  /** HTTP 429 {"code":-1003} regardless of the real budget */
  storm429: faultSpec.optional(),
  /** HTTP 200 with a truncated JSON body */
  malformed: faultSpec.optional(),
  /** HTTP 200 with valid JSON that does not match the interface */
  schema: faultSpec.optional(),
  /**
   * Test hook (not a failure): in every matching 200 answer, each string field named like a
   * key gets that key's text, e.g. {"inviteCode": "=1+2"} to prove that exports neutralise
   * spreadsheet formulas, or {"tradingVolume": "0.000000000000000001"} to follow an exact
   * value end to end. Only fields the simulator writes as strings change.
   */
  rewrite: z.record(z.string().regex(/^\w+$/), z.string()).optional(),
  /**
   * Data mode (not a failure): answers of the affiliate lists carry records the dashboard
   * cannot fully use — a non-digit String id, a non-decimal amount, a bad time — from index
   * `at` (default 7) on; the rebate reads answer in the V2 envelope with every variant WEEX's
   * sources disagree on (`dealTime`, ids as strings, no productType, "--"); see odd-records.ts.
   */
  oddRecords: z.strictObject({ at: z.number().int().min(0).optional() }).optional(),
  /**
   * Data mode (not a failure): the affiliate lists and the commission records read the time
   * window asked for `days` (default 1) wider on each side — as an exchange reading the bounds
   * in another zone, or answering a slice with records of the next, would — so their answers
   * carry records outside the window asked for (never later than now). `all`: every window is
   * answered with all the records there are up to now, as an exchange ignoring the bounds
   * would (a year of invitees asked in 90-day slices gets every invitee in each slice). See
   * affiliate.ts and rebate.ts.
   */
  outOfWindow: z.strictObject({ days: z.number().int().min(1).max(31).optional(), all: z.boolean().optional() }).optional(),
  /**
   * Where WEEX's published sources disagree (weex-facts.md, last section). `methodNotSupported`:
   * the listed endpoints answer their documented method with -1150 ("request method not
   * supported") and serve the other one (GET ⇄ POST, parameters in the query or the body), as
   * ccxt's GET for querySubChannelTransactions would be. `gone`: the listed paths are no
   * longer served at all — HTTP 404 (`status: 404`, the default) or -1150 (`status: 400`).
   * Both take their own `endpoints` (default: every affiliate endpoint).
   */
  methodNotSupported: z.strictObject({ endpoints: z.array(z.string()).optional() }).optional(),
  gone: z.strictObject({ endpoints: z.array(z.string()).optional(), status: z.union([z.literal(404), z.literal(400)]).optional() }).optional(),
});

export type Faults = z.infer<typeof faultsSchema>;
export type FaultSpec = z.infer<typeof faultSpec>;

export const FAULT_MODES = ["drop", "hang", "error5xx", "storm429", "malformed", "schema"] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

/** What happens to one request. */
export interface FaultDecision {
  latencyMs: number;
  /** Faults.rewrite, for the answer of this request */
  rewrite?: Record<string, string>;
  /** Faults.oddRecords, for the answer of this request */
  oddRecords?: { at?: number };
  /** Faults.outOfWindow, for the execution of this request */
  outOfWindow?: { days?: number; all?: boolean };
  mode?: FaultMode;
  /** for error5xx */
  status?: number;
}

/** Modes that answer instead of executing the request. */
export function answersBeforeExecuting(mode: FaultMode | undefined): boolean {
  return mode === "error5xx" || mode === "storm429";
}

/** Parse SIM_FAULTS (JSON). Throws with a readable message when it is not valid. */
export function faultsFromEnv(text: string | undefined): Faults | undefined {
  if (!text || !text.trim()) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`SIM_FAULTS is not valid JSON: ${text}`);
  }
  const parsed = faultsSchema.safeParse(json);
  if (!parsed.success) throw new Error(`SIM_FAULTS is not a valid fault description: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export class FaultInjector {
  private faults: Faults = {};
  private setAt = 0;
  private remaining = new Map<FaultMode, number>();
  private rng: Rng = mulberry32(0);

  set(faults: Faults, now: number): void {
    this.faults = faults;
    this.setAt = now;
    this.rng = mulberry32(faults.seed ?? 1);
    this.remaining = new Map();
    for (const mode of FAULT_MODES) {
      const next = faults[mode]?.next;
      if (next !== undefined) this.remaining.set(mode, next);
    }
  }

  current(): Faults {
    return this.faults;
  }

  decide(endpointKey: string, now: number): FaultDecision {
    const f = this.faults;
    if (f.endpoints && !f.endpoints.includes(endpointKey)) return { latencyMs: 0 };
    const decision: FaultDecision = {
      latencyMs: f.latencyMs ?? 0,
      ...(f.rewrite ? { rewrite: f.rewrite } : {}),
      ...(f.oddRecords ? { oddRecords: f.oddRecords } : {}),
      ...(f.outOfWindow ? { outOfWindow: f.outOfWindow } : {}),
    };
    for (const mode of FAULT_MODES) {
      const spec = f[mode];
      if (spec && this.hits(mode, spec, now)) {
        decision.mode = mode;
        if (mode === "error5xx") decision.status = f.error5xx?.status ?? 503;
        break;
      }
    }
    return decision;
  }

  private hits(mode: FaultMode, spec: FaultSpec, now: number): boolean {
    if (spec.next !== undefined) {
      const left = this.remaining.get(mode) ?? 0;
      if (left <= 0) return false;
      this.remaining.set(mode, left - 1);
      return true;
    }
    if (spec.forMs !== undefined && now >= this.setAt + spec.forMs) return false;
    return spec.rate === undefined || this.rng() < spec.rate;
  }
}

/** The affiliate endpoints (the rebate reads included), the default target of `methodNotSupported` and `gone`. */
const AFFILIATE_KEYS = ["subAffiliates", "invitees", "withdrawals", "inviteeTotals", "commissions", "verifyReferrals", "memberAssets", "memberDeals"];

/** Whether a path-level mode (`methodNotSupported`, `gone`) applies to an endpoint. */
export function pathModeApplies(mode: { endpoints?: string[] } | undefined, endpointKey: string): boolean {
  return mode !== undefined && (mode.endpoints ?? AFFILIATE_KEYS).includes(endpointKey);
}
