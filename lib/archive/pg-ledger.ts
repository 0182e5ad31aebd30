/**
 * The upstream weight budget shared through PostgreSQL, so that N dashboard processes behind
 * one IP and one WEEX account together never exceed 500 weight per rolling 10 s.
 *
 * This is only the bookkeeping (`WeightLedger`, lib/weex/budget.ts); each process keeps its
 * own `MemoryBudget` waiting room in front of it (priorities, deadlines). The decision "does
 * this cost fit both windows? then record it" is the SQL function `weight_ledger_try_charge`
 * (migration 0100): one statement, serialised by a row lock on the ledger's state row, timed
 * by the database's clock (the one clock all processes share). Charges are held for the
 * window plus the margin, like MemoryLedger's, and expired ones are deleted as it goes.
 * While a person's request waits for room in any process, background work in every process
 * steps aside (the in-process queue does the same within one process): the budget tells the
 * ledger each request's priority.
 *
 * Used when DATABASE_URL is set. The embedded database serves one process only, so it keeps
 * the in-memory ledger.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { DEFAULT_LIMITS, type BudgetLimits, type BudgetUsage, type ChargeResult, type Priority, type Promised, type WeightCost, type WeightLedger } from "@/lib/weex/budget";
import { rows, type Db } from "./db";

export interface PgLedgerOptions {
  /** which ledger: every process of one deployment must use the same name (default "weex") */
  name?: string;
  limits?: Partial<BudgetLimits>;
}

export class PgWeightLedger implements WeightLedger {
  readonly limits: BudgetLimits;
  readonly name: string;

  private readonly db: () => Promise<Db>;

  /** `db` may be a function: the server's client exists before its database has opened. */
  constructor(db: Db | (() => Promise<Db>), opts: PgLedgerOptions = {}) {
    this.db = typeof db === "function" ? db : async () => db;
    this.limits = { ...DEFAULT_LIMITS, ...opts.limits };
    this.name = opts.name ?? "weex";
  }

  /**
   * `now` is ignored: the database's clock decides, so processes with skewed clocks agree.
   * Background work steps aside while a person in any process waits (the SQL function).
   */
  async tryCharge(_now: number, cost: WeightCost, share: number, _promised?: Promised, priority?: Priority): Promise<ChargeResult> {
    // Without a priority (older callers), a share below 1 meant background work.
    const background = priority ? priority === "background" : share < 1;
    const { ipPer10s, uidPer10s, windowMs, marginMs } = this.limits;
    const [r] = await rows<{ wait: unknown }>(
      await this.db(),
      sql`SELECT weight_ledger_try_charge(${this.name}, ${cost.ip}, ${cost.uid}, ${uidKey(cost.uidKey)},
            ${Math.floor(ipPer10s * share)}, ${Math.floor(uidPer10s * share)}, ${windowMs + marginMs}, ${background}) AS wait`,
    );
    const wait = Number(r.wait);
    if (wait === 0) return { ok: true };
    return { ok: false, waitMs: wait < 0 ? Infinity : wait };
  }

  /** Stop every process's sending until `untilMs` (this process's clock, turned into a duration). */
  async pause(untilMs: number): Promise<void> {
    const forMs = Math.max(0, Math.ceil(untilMs - Date.now()));
    await (await this.db()).execute(sql`
      INSERT INTO weight_ledger_state (ledger, paused_until)
      VALUES (${this.name}, floor(extract(epoch FROM clock_timestamp()) * 1000) + ${forMs})
      ON CONFLICT (ledger) DO UPDATE SET paused_until = greatest(weight_ledger_state.paused_until, excluded.paused_until)`);
  }

  /** What the window holds now (across all processes); `uid` is keyed by a hash of the API key. */
  async usage(_now: number): Promise<BudgetUsage> {
    const db = await this.db();
    const charges = await rows<{ uidKey: string; ip: unknown; uid: unknown }>(
      db,
      sql`SELECT uid_key AS "uidKey", sum(ip) AS ip, sum(uid) AS uid FROM weight_ledger_charge
          WHERE ledger = ${this.name} AND expires_at > floor(extract(epoch FROM clock_timestamp()) * 1000)
          GROUP BY uid_key`,
    );
    const [state] = await rows<{ paused: unknown }>(
      db,
      sql`SELECT greatest(0, paused_until - floor(extract(epoch FROM clock_timestamp()) * 1000)) AS paused
          FROM weight_ledger_state WHERE ledger = ${this.name}`,
    );
    const pausedForMs = Number(state?.paused ?? 0);
    const uid: Record<string, number> = {};
    let ip = 0;
    for (const c of charges) {
      ip += Number(c.ip);
      if (Number(c.uid) > 0) uid[c.uidKey] = Number(c.uid);
    }
    const { ipPer10s, uidPer10s, windowMs, marginMs } = this.limits;
    return {
      ip,
      uid,
      pausedUntil: pausedForMs > 0 ? Date.now() + pausedForMs : 0,
      limits: { ip: ipPer10s, uid: uidPer10s, windowMs, marginMs },
    };
  }
}

/** The account key is a credential: the table keeps a hash of it, never the key itself. */
export function uidKey(apiKey: string): string {
  return apiKey === "public" ? apiKey : createHash("sha256").update(apiKey).digest("hex").slice(0, 16);
}
