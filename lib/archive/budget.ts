/**
 * The budget in front of WEEX for the server's client (lib/server/services/weex.ts). Several processes
 * on one PostgreSQL share one IP and one account, so with DATABASE_URL they share the ledger
 * there (pg-ledger.ts); the embedded database serves one process, which keeps it in memory.
 * Each process keeps its own waiting room (priorities, deadlines) in front of the ledger.
 * The contract order cap is shared the same way.
 */
import "server-only";
import { getDb } from "@/lib/db";
import type { Config } from "@/lib/config/config";
import { MemoryBudget, type WeightBudget } from "@/lib/weex/budget";
import { OrderCapGate, type OrderCap, type OrderCapLimits } from "@/lib/weex/order-cap";
import { PgOrderCap } from "./pg-order-cap";
import { PgWeightLedger } from "./pg-ledger";
import { BACKGROUND_SHARE } from "./settings";

export function createSharedBudget(config: Config): WeightBudget {
  const limits = { ipPer10s: config.ipWeightPer10s, uidPer10s: config.uidWeightPer10s };
  if (config.database.kind !== "postgres") return new MemoryBudget({ ...limits, backgroundShare: BACKGROUND_SHARE });
  const ledger = new PgWeightLedger(getDb, { limits });
  return new MemoryBudget({ ledger, backgroundShare: BACKGROUND_SHARE });
}

/**
 * The contract order cap in front of WEEX: shared through PostgreSQL like the ledger, so
 * every instance together stays under ~50 placements a minute; in memory on the embedded
 * database (one process).
 */
export function createSharedOrderCap(config: Config, limits: OrderCapLimits): OrderCap {
  if (config.database.kind !== "postgres") return new OrderCapGate(limits);
  return new PgOrderCap(getDb, limits);
}
