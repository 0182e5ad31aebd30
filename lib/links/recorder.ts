/**
 * Clicks off the request path: the redirect adds a click to a buffer in memory, and the buffer
 * is written in one batch at least every second (and when the process stops), so a click costs
 * its request no database write, and a spike of clicks costs one statement per second per
 * instance. The buffer holds one entry per (link, visitor key, bucket), like the table: a flood
 * from one visitor is one entry whose counts grow.
 *
 * What a crash loses: the clicks of the batch not yet written, at most the last interval (a
 * second). A write that fails puts its counts back, to be added to the next batch.
 */
import type { ClickCount } from "./clicks";

export interface Click {
  linkId: number;
  at: number;
  visitor: string;
  bot: boolean;
  referrerHost: string | null;
  device: string | null;
  browser: string | null;
  os: string | null;
}

export interface RecorderOptions {
  /** writes one batch (lib/links/clicks.ts addClicks with the database) */
  write: (batch: ClickCount[]) => Promise<void>;
  /** the buckets' start of a click */
  bucketOf: (at: number) => number;
  intervalMs?: number;
  /** told of a batch that could not be written (it is kept for the next) */
  onError?: (e: unknown) => void;
  /** told of each batch written (the day rollups to bring up to date) */
  onWritten?: (batch: ClickCount[]) => void;
}

/** A row's key: the table's primary key. */
const keyOf = (c: Pick<ClickCount, "linkId" | "bucketAt" | "visitor">): string => `${c.linkId} ${c.bucketAt} ${c.visitor}`;

/** Entries beyond which new visitors' clicks are dropped while the database does not answer (memory stays bounded). */
export const MAX_PENDING = 200_000;

export class ClickRecorder {
  private pending = new Map<string, ClickCount>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dropped = 0;

  constructor(private readonly opts: RecorderOptions) {}

  /** Start the timer that writes the buffer every interval (it keeps no process alive). */
  start(): this {
    this.timer ??= setInterval(() => void this.flush(), this.opts.intervalMs ?? 1000);
    this.timer.unref();
    return this;
  }

  add(c: Click): void {
    const bucketAt = this.opts.bucketOf(c.at);
    const key = keyOf({ linkId: c.linkId, bucketAt, visitor: c.visitor });
    let entry = this.pending.get(key);
    if (!entry) {
      if (this.pending.size >= MAX_PENDING) {
        this.dropped++;
        return;
      }
      entry = { linkId: c.linkId, bucketAt, visitor: c.visitor, clicks: 0, bots: 0, referrerHost: c.referrerHost, device: c.device, browser: c.browser, os: c.os };
      this.pending.set(key, entry);
    }
    if (c.bot) entry.bots++;
    else entry.clicks++;
  }

  /** Clicks dropped because the buffer was full. */
  get droppedClicks(): number {
    return this.dropped;
  }

  /** Write what is buffered now (after any write under way); resolves when it is written or put back. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writeOnce());
    return this.writing;
  }

  /** Stop the timer and write what is left (the process is stopping). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async writeOnce(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await this.opts.write(batch);
      this.opts.onWritten?.(batch);
    } catch (e) {
      for (const c of batch) this.putBack(c);
      this.opts.onError?.(e);
    }
  }

  private putBack(c: ClickCount): void {
    const key = keyOf(c);
    const now = this.pending.get(key);
    if (!now) this.pending.set(key, c);
    else {
      now.clicks += c.clicks;
      now.bots += c.bots;
    }
  }
}
