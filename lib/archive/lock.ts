/**
 * Exactly one process runs the archive sync at a time.
 *
 * On PostgreSQL: a session-level advisory lock (`pg_try_advisory_lock`) held on a dedicated
 * connection of its own, outside the pool. It is released when that connection closes, so a
 * process killed with SIGKILL frees it at once (the server notices the closed socket) and
 * another process takes over on its next attempt; there is no lease to expire. If the
 * connection drops, the holder learns it (`onLost`) and stops syncing before anyone else can
 * have taken over. (Behind PgBouncer in transaction mode, point DATABASE_URL at PostgreSQL
 * itself: session locks need a real session.)
 *
 * On the embedded database there is one process by construction (its data directory is
 * locked), so the lock is a flag in this process.
 */
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { rows, type Db } from "./db";

export interface SyncLock {
  /** Take the lock if nobody holds it; true when this process now holds it. */
  tryAcquire(): Promise<boolean>;
  readonly held: boolean;
  /** Called once if the lock is lost without release() (its connection died). */
  onLost(cb: () => void): void;
  /** Whether the lock's connection still answers (detects a silently dead socket). */
  check(): Promise<boolean>;
  release(): Promise<void>;
}

/**
 * Whether this process holds `lock` for the next round of its work: take it when free (saying
 * so once, as `taking`), or check that the held one still answers. Failures mean "not now".
 */
export async function holdForRound(lock: SyncLock, logger: { info(o: object, m: string): void; warn(o: object, m: string): void } | undefined, taking: string): Promise<boolean> {
  if (lock.held) return lock.check();
  const got = await lock.tryAcquire().catch((e) => {
    logger?.warn({ error: String(e) }, `${taking}: could not ask for the lock`);
    return false;
  });
  if (got) logger?.info({}, taking);
  return got;
}

/** Key space: "weex" in ASCII, like the migration lock; the schema keeps test schemas apart. */
const LOCK_CLASS = 0x77656578;
const LOCK_SQL = "SELECT pg_try_advisory_lock($1, hashtext($2 || ':' || current_schema())) AS ok";

export class PgAdvisoryLock implements SyncLock {
  private client: Client | undefined;
  private lostCallbacks: (() => void)[] = [];
  held = false;

  /**
   * `options` e.g. `-c search_path=…` (tests); the same as the pool's. `name` keeps other
   * single-runner jobs (the alerts worker: "alerts") apart from the archive sync.
   */
  constructor(
    private readonly url: string,
    private readonly options?: string,
    private readonly name = "archive-sync",
  ) {}

  async tryAcquire(): Promise<boolean> {
    if (this.held) return true;
    if (!this.client) {
      const client = new Client({ connectionString: this.url, ...(this.options ? { options: this.options } : {}) });
      client.on("error", () => this.lost());
      client.on("end", () => this.lost());
      await client.connect();
      this.client = client;
    }
    const { rows } = await this.client.query<{ ok: boolean }>(LOCK_SQL, [LOCK_CLASS, this.name]);
    this.held = rows[0]?.ok === true;
    return this.held;
  }

  onLost(cb: () => void): void {
    this.lostCallbacks.push(cb);
  }

  async check(): Promise<boolean> {
    if (!this.held || !this.client) return false;
    try {
      await this.client.query("SELECT 1");
      return this.held;
    } catch {
      this.lost();
      return false;
    }
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.held = false;
    this.lostCallbacks = [];
    // Closing the session releases the lock; no unlock round trip needed.
    await client?.end().catch(() => {});
  }

  /** Whether some session of this database holds the sync lock (for the admin page). */
  static async heldElsewhere(database: { db: Db }): Promise<boolean> {
    const [r] = await rows<{ held: boolean }>(
      database.db,
      sql`SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted
            AND classid = ${LOCK_CLASS}::oid AND objid = hashtext('archive-sync:' || current_schema())::oid AND objsubid = 2) AS held`,
    );
    return r?.held === true;
  }

  private lost() {
    const client = this.client;
    this.client = undefined;
    if (!this.held) return;
    this.held = false;
    client?.end().catch(() => {});
    for (const cb of this.lostCallbacks.splice(0)) cb();
  }
}

const g = globalThis as typeof globalThis & { __weexLocalLocks?: Set<string> };

/** The embedded database's lock: one holder per process (per `name`, as PgAdvisoryLock). */
export class LocalLock implements SyncLock {
  held = false;

  constructor(private readonly name = "archive-sync") {}

  async tryAcquire(): Promise<boolean> {
    if (this.held) return true;
    const taken = (g.__weexLocalLocks ??= new Set());
    if (taken.has(this.name)) return false;
    taken.add(this.name);
    this.held = true;
    return true;
  }

  onLost(): void {}

  async check(): Promise<boolean> {
    return this.held;
  }

  async release(): Promise<void> {
    if (this.held) g.__weexLocalLocks?.delete(this.name);
    this.held = false;
  }
}
