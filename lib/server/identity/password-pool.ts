/**
 * Password checks for sign-in off the main thread. A bcrypt comparison is ~0.1–0.3 s
 * of CPU; bcryptjs's async form only slices it into chunks on the main thread, so a flood of
 * sign-ins, each hashed (unknown users too, on purpose: timing must not tell which usernames
 * exist), would stall every page and API request between the chunks. Here they run in a small
 * pool of worker threads, at most POOL_SIZE at once, with a bounded line behind them: an
 * attempt that finds no seat is refused at once (the route answers 429 with Retry-After)
 * instead of waiting behind hundreds of others while holding its connection and its memory.
 *
 * A seat is reserved before anything else is done for the attempt (`reservePasswordCheck`),
 * so a refused attempt costs neither a database round trip nor a hash.
 */
import "server-only";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { logger } from "@/lib/log/log";
import { BCRYPT_COST } from "@/lib/db/users";

/** Leave the main thread a core of its own; two at most (sign-in is not a throughput job). */
const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));
/**
 * Checks that may wait behind the running ones. At ~0.1–0.3 s a check the last one waits a few
 * seconds: longer than a person would, and enough for a whole office signing in at 9:00.
 */
const MAX_WAITING = 16;
/** What a refused attempt is told: about the time the line needs to move on. */
export const BUSY_RETRY_AFTER_S = 2;

// The worker's own code, run with `eval` (no file to locate inside Next's build output). It
// loads bcryptjs from the project's node_modules, as the server does (serverExternalPackages),
// and compares synchronously: the thread has nothing else to do. `hash: null` is an unknown
// user, compared with a hash of the same cost so that it takes as long.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const bcrypt = require("node:module").createRequire(workerData.resolveFrom)("bcryptjs");
let dummy;
parentPort.on("message", ({ id, password, hash }) => {
  try {
    const against = hash ?? (dummy ??= bcrypt.hashSync("no such user", workerData.cost));
    parentPort.postMessage({ id, ok: bcrypt.compareSync(password, against) && hash !== null });
  } catch (e) {
    parentPort.postMessage({ id, error: String((e && e.message) || e) });
  }
});
`;

interface Job {
  id: number;
  password: string;
  hash: string | null;
  resolve(ok: boolean): void;
  reject(e: Error): void;
}

interface PoolWorker {
  worker: Worker;
  job: Job | null;
}

export interface PasswordCheckSeat {
  /** Compare a password with a user's hash (undefined: an unknown user, false after as long). */
  check(password: string, hash: string | undefined): Promise<boolean>;
  /** Give the seat back unused (the attempt was refused before its check). */
  release(): void;
}

class PasswordPool {
  private readonly workers: PoolWorker[] = [];
  private readonly waiting: Job[] = [];
  private seats = 0;
  private nextId = 0;
  private lastBusyLog = 0;

  constructor(
    private readonly size: number,
    private readonly maxWaiting: number,
  ) {}

  reserve(): PasswordCheckSeat | null {
    if (this.seats >= this.size + this.maxWaiting) {
      this.noteBusy();
      return null;
    }
    this.seats++;
    let used = false;
    const done = () => {
      if (used) return false;
      used = true;
      return true;
    };
    return {
      check: (password, hash) => {
        if (!done()) return Promise.reject(new Error("this seat was used already"));
        return this.run(password, hash ?? null).finally(() => this.seats--);
      },
      release: () => {
        if (done()) this.seats--;
      },
    };
  }

  private run(password: string, hash: string | null): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, password, hash, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.waiting.length > 0) {
      let w = this.workers.find((x) => x.job === null);
      if (!w && this.workers.length < this.size) w = this.spawn();
      if (!w) return;
      const job = this.waiting.shift()!;
      w.job = job;
      w.worker.postMessage({ id: job.id, password: job.password, hash: job.hash });
    }
  }

  private spawn(): PoolWorker {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { resolveFrom: join(process.cwd(), "package.json"), cost: BCRYPT_COST } });
    // An idle pool must not keep a process (the CLI, a test) alive.
    worker.unref();
    const entry: PoolWorker = { worker, job: null };
    worker.on("message", (m: { id: number; ok?: boolean; error?: string }) => {
      const job = entry.job;
      if (!job || job.id !== m.id) return;
      entry.job = null;
      if (m.error !== undefined) job.reject(new Error(`password check failed: ${m.error}`));
      else job.resolve(m.ok === true);
      this.pump();
    });
    const gone = (why: Error) => {
      const i = this.workers.indexOf(entry);
      if (i < 0) return;
      this.workers.splice(i, 1);
      logger("auth").error({ err: why }, "a password check worker stopped; starting another");
      entry.job?.reject(why);
      entry.job = null;
      this.pump();
    };
    worker.on("error", gone);
    worker.on("exit", (code) => gone(new Error(`password check worker exited (code ${code})`)));
    this.workers.push(entry);
    return entry;
  }

  /** One warning per quiet spell, not one per refused attempt (a flood would fill the log). */
  private noteBusy(): void {
    const now = Date.now();
    if (now - this.lastBusyLog < 60_000) return;
    this.lastBusyLog = now;
    logger("auth").warn({ running: this.size, waiting: this.maxWaiting }, "sign-in attempts refused: every password check seat is taken");
  }
}

const g = globalThis as typeof globalThis & { __weexPasswordPool?: PasswordPool };

/** A seat for one password check, or null when the line is full (answer "busy" at once). */
export function reservePasswordCheck(): PasswordCheckSeat | null {
  return (g.__weexPasswordPool ??= new PasswordPool(POOL_SIZE, MAX_WAITING)).reserve();
}
