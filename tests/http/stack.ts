/**
 * A simulator and a dashboard server of a suite's own, for the suites that need settings the
 * shared test server does not have (the archive sync on, a short WEEX timeout, an order cap,
 * faults that must not leak into other suites).
 */
import { rmSync } from "node:fs";
import { startSimulator, type Faults, type Simulator } from "../../lib/simulator";
import { api, login, type Role } from "./helpers";
import { patiently } from "./patient";
import { startNextServer, type NextServer } from "./server";

export interface Stack {
  sim: Simulator;
  server: NextServer;
  /** the server's URL */
  base: string;
  /** session cookies of the demo users named in `signIn`, in that order */
  sessions: string[];
}

export interface StackOptions {
  /** the simulator's data scale */
  scale: number;
  /** lift WEEX's weight budgets on both sides, so that only the suite's own faults shape the answers */
  unlimited?: boolean;
  /** simulator faults from the start (before the server's first request) */
  faults?: Faults;
  /** the server's further environment (ARCHIVE_SYNC, WEEX_TIMEOUT_MS, …) */
  env?: Record<string, string>;
  /** demo users to sign in once the server is up */
  signIn?: Role[];
  /** the server's data directory, kept on stop (see startNextServer) */
  dataDir?: string;
}

const UNLIMITED_SIM = { ipWeightPer10s: 1e9, uidWeightPer10s: 1e9 };
const UNLIMITED_ENV = { WEEX_IP_WEIGHT_PER_10S: "1000000", WEEX_UID_WEIGHT_PER_10S: "1000000" };

export async function startStack(opts: StackOptions): Promise<Stack> {
  const sim = await startSimulator({ port: 0, quiet: true, scale: opts.scale, ...(opts.unlimited ? UNLIMITED_SIM : {}) });
  if (opts.faults) sim.setFaults(opts.faults);
  const server = await startNextServer({
    env: { WEEX_SPOT_BASE_URL: sim.url, WEEX_CONTRACT_BASE_URL: sim.url, ...(opts.unlimited ? UNLIMITED_ENV : {}), ...opts.env },
    dataDir: opts.dataDir,
  });
  // the sign-ins side by side (each waits on the server's password check), in `signIn`'s order
  const sessions = await Promise.all((opts.signIn ?? []).map((role) => login(role, "demo", { base: server.url })));
  return { sim, server, base: server.url, sessions };
}

/** Stop what was started (either may be missing when the start failed). */
export async function stopStack(stack: Partial<Stack>): Promise<void> {
  await stack.server?.stop();
  await stack.sim?.close();
}

/** A suite's end: its stack stopped, the data folder it gave the stack removed, its receivers closed. */
export async function stopStackAndClean(stack: Partial<Stack>, dataDir: string, ...receivers: ({ close(): Promise<unknown> } | undefined)[]): Promise<void> {
  await stopStack(stack);
  rmSync(dataDir, { recursive: true, force: true });
  for (const r of receivers) await r?.close();
}

/** Ask `get` every half second until `ok` (the archive's backfill, a sync run), at most `timeoutMs`. */
export async function until<T>(what: string, get: () => Promise<T>, ok: (t: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await get();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A dataset's line in GET /api/admin/sync (the fields the suites wait on). */
export interface DatasetSync {
  dataset: string;
  syncedAt: number | null;
  held: { from: number; to: number }[];
}

/**
 * Ask the server at `base` for the archive's sync status as `admin` until each of `datasets` has
 * been synced once (the first backfill the suite's answers come from); the datasets' lines then.
 */
export async function untilSynced(base: string, admin: string, datasets: string[], timeoutMs = 240_000): Promise<DatasetSync[]> {
  const status = await until(
    `the first sync of ${datasets.join(", ")}`,
    async () => (await patiently(() => api<{ datasets?: DatasetSync[] }>("/api/admin/sync", { cookie: admin, base }))).json,
    (r) => datasets.every((d) => r.datasets?.find((x) => x.dataset === d)?.syncedAt),
    timeoutMs,
  );
  return status.datasets!;
}
