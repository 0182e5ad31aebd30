/**
 * Public types of the simulated WEEX exchange (contract 1 in the team notes).
 */
import type { Dataset } from "./data";
import type { Faults } from "./faults";

export type { Faults, FaultSpec } from "./faults";

export interface SimulatorOptions {
  /** 0 = a random free port; default 4010 */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** data seed, default 42 */
  seed?: number;
  /** multiplies the size of the large data sets (invitees, sub-affiliates, transfers, spot orders); default 1 */
  scale?: number;
  apiKey?: string;
  apiSecret?: string;
  passphrase?: string;
  /** rolling 10 s budgets, default 500 each (weex-facts.md) */
  ipWeightPer10s?: number;
  uidWeightPer10s?: number;
  /** contract order placements per account within a rolling minute, default 50 (weex-facts.md) */
  ordersPerMinute?: number;
  /** the exchange's clock; data is generated relative to its value at start */
  now?: () => number;
  /** no log lines */
  quiet?: boolean;
  /** one log line per request (method, path, status, fault, time) */
  logRequests?: boolean;
  /** faults active from the start; default: the SIM_FAULTS environment variable (JSON), else none */
  faults?: Faults;
}

export interface SimStats {
  /** requests that reached one of the ten endpoints (including rejected ones) */
  requests: number;
  count429: number;
  byEndpoint: Record<string, number>;
  /** the largest weight charged within any rolling 10 s window, per IP and per UID */
  maxWeightIn10s: { ip: number; uid: number };
  /** contract orders, plan orders and plan modifications actually executed */
  ordersPlaced: number;
  /** responses by HTTP status (injected faults included; hung/dropped requests count as 0) */
  byStatus: Record<string, number>;
  /** injected faults by mode */
  faultsInjected: Record<string, number>;
}

/**
 * One of the last requests that reached an endpoint (GET /__sim/recent, newest last): enough to
 * say, when a test sees a request it did not expect, what it was and whether it came from the
 * dashboard under test (its ACCESS-KEY) or from some other process that found this port.
 */
export interface SimRecentRequest {
  /** wall-clock ms when it arrived */
  at: number;
  method: string;
  /** path and query as sent */
  url: string;
  /** the ACCESS-KEY header, if any */
  key: string | null;
  /** a POST's body as sent (querySubChannelTransactions' filters are there, not in the URL); null for GET */
  body: string | null;
}

export interface Simulator {
  url: string;
  port: number;
  /** the data it serves (e.g. for the demo to pick an example partner's scope: scripts/demo-seed.ts) */
  data: Dataset;
  close(): Promise<void>;
  setFaults(f: Faults): void;
  stats(): SimStats;
  resetStats(): void;
}

export const SIM_DEFAULTS = {
  port: 4010,
  host: "127.0.0.1",
  seed: 42,
  scale: 1,
  apiKey: "sim-key-0001",
  apiSecret: "sim-secret-0001",
  passphrase: "sim-passphrase-0001",
  weightPer10s: 500,
} as const;
