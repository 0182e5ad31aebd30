/**
 * Runs the alerts engine in the background of exactly one process: the holder of the "alerts"
 * lock (a PostgreSQL session advisory lock, so with several instances on one database only one
 * evaluates and sends; on the embedded database this process). Every tick (default 5 s) it
 * evaluates rules when the archive has synced since the last look (the archive's sync time is
 * in the database, so this works whichever instance ran the sync, and costs no WEEX weight),
 * queues the reports whose period has ended, and sends what is due. State lives in the
 * database only, so a restart resumes: pending retries, and a report that fell due while no
 * process ran, go out once on the next tick.
 */
import { holdForRound, type SyncLock } from "@/lib/archive/lock";
import type { AlertEngine } from "./engine";

export interface AlertWorkerOptions {
  engine: AlertEngine;
  lock: SyncLock;
  tickMs?: number;
  now?: () => number;
  logger?: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

export class AlertWorker {
  private readonly engine: AlertEngine;
  /** held by exactly one process of those sharing the database */
  readonly lock: SyncLock;
  private readonly tickMs: number;
  private readonly now: () => number;
  private readonly logger: AlertWorkerOptions["logger"];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ticking: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(opts: AlertWorkerOptions) {
    this.engine = opts.engine;
    this.lock = opts.lock;
    this.tickMs = opts.tickMs ?? 5_000;
    this.now = opts.now ?? Date.now;
    this.logger = opts.logger;
  }

  /** Begin ticking (idempotent). */
  start(): this {
    this.stopped = false;
    this.kick();
    return this;
  }

  /** Look again now (started, a test delivery was queued, a rule changed); after the current round if one runs. */
  kick(): void {
    if (this.stopped) return;
    if (this.ticking) this.again = true;
    else {
      clearTimeout(this.timer);
      this.schedule(0);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking?.catch(() => {});
    await this.lock.release();
  }

  /** One round; true when this process holds the lock and did the work. Tests call it directly. */
  async tick(): Promise<boolean> {
    if (!(await holdForRound(this.lock, this.logger, "alerts lock taken; this process evaluates and sends alerts"))) return false;
    // Each step on its own: a failing rule must not hold back deliveries, nor the reverse.
    await this.engine.evaluate(this.now()).catch((e) => this.logger?.warn({ err: e }, "alert evaluation failed"));
    await this.engine.runSchedules(this.now()).catch((e) => this.logger?.warn({ err: e }, "scheduled reports failed"));
    await this.engine.deliverDue(this.now).catch((e) => this.logger?.warn({ err: e }, "alert delivery round failed"));
    return true;
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.ticking = this.tick()
        .then(() => undefined)
        .catch((e) => this.logger?.warn({ err: e }, "alerts tick failed"))
        .finally(() => {
          this.ticking = undefined;
          const again = this.again;
          this.again = false;
          this.schedule(again ? 0 : this.tickMs);
        });
    }, delay);
    this.timer.unref?.();
  }
}
