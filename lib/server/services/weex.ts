/**
 * The process's one WEEX client. All route handlers share it, and with it one weight budget,
 * so the dashboard as a whole stays within WEEX's limits however many people click.
 */
import "server-only";
import { createSharedBudget, createSharedOrderCap } from "@/lib/archive/budget";
import { WeexClient } from "@/lib/weex/client";
import { CONTRACT_ORDER_CAP } from "@/lib/weex/limits";
import { getConfig } from "@/lib/config/config";
import { logger } from "@/lib/log/log";

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
      // in-process on the embedded database; with DATABASE_URL a ledger in PostgreSQL, so
      // several processes together stay within WEEX's limits (lib/archive/budget.ts)
      budget: createSharedBudget(config),
      timeoutMs: config.timeoutMs,
      orderCap,
      orderCapStore: createSharedOrderCap(config, orderCap),
      logger: logger("weex"),
    });
  }
  return g.__weexClient;
}
