/**
 * Evaluating the risk rules after the archive's runs: the handler the archive scheduler calls
 * when a dataset's run starts or ends (its `onRun`). A run that ended well queues a pass of the
 * rules that read its dataset, over the subjects whose rows the run wrote (pass-subjects.ts,
 * evaluate.ts); passes run one after the other, so two never race over the same flags in
 * one process (two instances are kept apart by the episode key).
 */
import { sql } from "drizzle-orm";
import type { DatasetKey } from "@/lib/archive/settings";
import { rows, toMs, type Db } from "@/lib/archive/db";
import { evaluateRisk, type EvaluateOptions, type RuleOutcome } from "./evaluate";
import type { Changed } from "./pass-subjects";

/**
 * What a dataset's runs since `since` (ms) wrote: the range their slices read (the sync keeps a
 * run's slices as cursor rows, each moved on, `updated_at`, as its pages are written) and the
 * rows written in it since then. A re-sync sweeps what it no longer sees, and a run of the
 * per-invitee totals replaces a period overlapping the one it reads: those may have removed
 * rows. Null: nothing was read.
 */
export async function changedRange(db: Db, dataset: DatasetKey, since: number): Promise<Changed | null> {
  const [r] = await rows<{ from: unknown; to: unknown; resync: boolean | null }>(
    db,
    sql`SELECT min(range_from) AS "from", max(range_to) AS "to", bool_or(kind = 'resync') AS resync
      FROM archive_cursor WHERE dataset = ${dataset} AND updated_at >= ${since}::bigint`,
  );
  const from = toMs(r?.from);
  const to = toMs(r?.to);
  if (from === null || to === null) return null;
  return { from, to, writtenSince: since, removals: r?.resync === true || dataset === "inviteeTotals" };
}

export interface RiskRunner {
  /** the scheduler's `onRun` */
  onRun(e: { dataset: DatasetKey; phase: "start" | "end"; error?: unknown }): void;
  /** a pass of its own (a rule's change), queued behind any pass in flight */
  run(opts: Omit<EvaluateOptions, "now">): Promise<RuleOutcome[]>;
  /** resolves when every queued pass has finished (tests, shutdown) */
  idle(): Promise<void>;
}

export interface RiskRunnerOptions {
  db: () => Promise<Db>;
  now?: () => number;
  onError?: (e: unknown, dataset: DatasetKey) => void;
  /** told what each pass after a run did (logs, tests) */
  onPass?: (dataset: DatasetKey, outcomes: RuleOutcome[]) => void;
}

export function riskRunner(opts: RiskRunnerOptions): RiskRunner {
  const now = opts.now ?? Date.now;
  let queue: Promise<unknown> = Promise.resolve();
  // Per dataset, the start of the oldest run whose rows no pass has read yet: a run that failed
  // (its pages are kept, and the next run resumes it) is read with the run that ends well.
  // A process that starts reads every slice its first run's cursors hold.
  const unread = new Map<DatasetKey, number>();
  const queued = <T>(pass: () => Promise<T>): Promise<T> => {
    const next = queue.then(pass, pass);
    queue = next.catch(() => {});
    return next;
  };
  const run = (o: Omit<EvaluateOptions, "now">) => queued(async () => evaluateRisk(await opts.db(), { ...o, now: now() }));
  const afterRun = (dataset: DatasetKey, since: number) =>
    queued(async () => {
      const db = await opts.db();
      const changed = await changedRange(db, dataset, since);
      const out = changed ? await evaluateRisk(db, { since: 0, changed, datasets: [dataset], now: now() }) : [];
      // (read: a later pass starts from the runs after this one)
      if (unread.get(dataset) === since) unread.delete(dataset);
      opts.onPass?.(dataset, out);
      return out;
    });
  return {
    onRun(e) {
      if (e.phase === "start") {
        if (!unread.has(e.dataset)) unread.set(e.dataset, now());
        return;
      }
      if (e.error !== undefined) return;
      afterRun(e.dataset, unread.get(e.dataset) ?? 0).catch((err) => opts.onError?.(err, e.dataset));
    },
    run,
    idle: async () => {
      await queue;
    },
  };
}
