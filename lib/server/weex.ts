/**
 * The process's one WEEX client. All route handlers share it, and with it one weight budget,
 * so the dashboard as a whole stays within WEEX's limits however many people click.
 */
import "server-only";
import { createSharedBudget, createSharedOrderCap } from "@/lib/archive/budget";
import type { WeightBudget } from "@/lib/weex/budget";
import { WeexClient } from "@/lib/weex/client";
import { CONTRACT_ORDER_CAP } from "@/lib/weex/limits";
import { getConfig, type Config } from "./config";
import { logger } from "./log";

/**
 * The budget in front of WEEX: in-process on the embedded database; with DATABASE_URL its
 * ledger is shared through PostgreSQL so several processes together stay within the limits
 * (lib/archive/budget.ts, issue 7).
 */
function createBudget(config: Config): WeightBudget {
  return createSharedBudget(config);
}

const g = globalThis as typeof globalThis & { __weexClient?: WeexClient };

export function getWeex(): WeexClient {
  if (!g.__weexClient) {
    const config = getConfig();
    const orderCap = { orders: config.ordersPerMinute, windowMs: CONTRACT_ORDER_CAP.windowMs };
    g.__weexClient = new WeexClient({
      spotBaseUrl: config.spotBaseUrl,
      contractBaseUrl: config.contractBaseUrl,
      credentials: config.credentials,
      tradeCredentials: config.tradeCredentials,
      budget: createBudget(config),
      timeoutMs: config.timeoutMs,
      orderCap,
      orderCapStore: createSharedOrderCap(config, orderCap),
      logger: logger("weex"),
    });
  }
  return g.__weexClient;
}
