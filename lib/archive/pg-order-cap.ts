/**
 * The contract order cap (~50 placements a minute per account) shared through PostgreSQL, so
 * that N dashboard instances on one WEEX account together send at most the cap, not N times
 * it. The bookkeeping of `OrderCap` (lib/weex/order-cap.ts) in the table `order_cap_slot`; the
 * decision "is a slot free? then take it" is the SQL function `order_cap_take` (migration
 * 0120), serialised per account by an advisory lock and timed by the database's clock, the way
 * the weight ledger (pg-ledger.ts) is shared.
 */
import { sql } from "drizzle-orm";
import type { OrderCap, OrderCapLimits, SlotResult } from "@/lib/weex/order-cap";
import { rows, type Db } from "./db";
import { uidKey } from "./pg-ledger";

export class PgOrderCap implements OrderCap {
  private readonly db: () => Promise<Db>;

  /** `db` may be a function: the server's client exists before its database has opened. */
  constructor(
    db: Db | (() => Promise<Db>),
    private readonly limits: OrderCapLimits,
  ) {
    this.db = typeof db === "function" ? db : async () => db;
  }

  /** `now` is ignored: the database's clock decides, so instances with skewed clocks agree. */
  async take(account: string, _now: number): Promise<SlotResult> {
    const r = await this.ask(account, true);
    return r.slot !== null ? { ok: true, ref: r.slot } : { ok: false, waitMs: r.waitMs };
  }

  async release(_account: string, ref: number): Promise<void> {
    await (await this.db()).execute(sql`DELETE FROM order_cap_slot WHERE id = ${ref}`);
  }

  async waitMs(account: string, _now: number): Promise<number> {
    return (await this.ask(account, false)).waitMs;
  }

  private async ask(account: string, take: boolean): Promise<{ slot: number | null; waitMs: number }> {
    const [r] = await rows<{ slot: unknown; wait_ms: unknown }>(
      await this.db(),
      sql`SELECT slot, wait_ms FROM order_cap_take(${uidKey(account)}, ${this.limits.orders}, ${this.limits.windowMs}, ${take})`,
    );
    return { slot: r.slot === null || r.slot === undefined ? null : Number(r.slot), waitMs: Number(r.wait_ms) };
  }
}
