/**
 * Evaluating the risk rules after the archive's runs: the handler the archive scheduler calls
 * when a dataset's run starts or ends (its `onRun`). A run that ended well queues a pass of the
 * rules that read its dataset over the recent days; passes run one after the other, so two never
 * race over the same flags in one process (two instances are kept apart by the episode key).
 */
import type { DatasetKey } from "@/lib/archive/settings";
import type { Db } from "@/lib/archive/db";
import { DAY_MS } from "@/lib/time/calendar";
import { evaluateRisk, type EvaluateOptions, type RuleOutcome } from "./evaluate";

/**
 * How far back a pass after a sync looks for new episodes: the days a sync rewrites (WEEX's
 * recent days) with room to spare; each rule reads its own look-back before it.
 */
export const INCREMENTAL_DAYS = 35;

export interface RiskRunner {
  /** the scheduler's `onRun` */
  onRun(e: { dataset: DatasetKey; phase: "start" | "end"; error?: unknown }): void;
  /** a pass of its own (a rule's change), queued behind any pass in flight */
  run(opts: Omit<EvaluateOptions, "now">): Promise<RuleOutcome[]>;
  /** resolves when every queued pass has finished (tests, shutdown) */
  idle(): Promise<void>;
}

export function riskRunner(opts: { db: () => Promise<Db>; now?: () => number; onError?: (e: unknown, dataset: DatasetKey) => void }): RiskRunner {
  const now = opts.now ?? Date.now;
  let queue: Promise<unknown> = Promise.resolve();
  const run = (o: Omit<EvaluateOptions, "now">) => {
    const pass = async () => evaluateRisk(await opts.db(), { ...o, now: now() });
    const next = queue.then(pass, pass);
    queue = next.catch(() => {});
    return next;
  };
  return {
    onRun(e) {
      if (e.phase !== "end" || e.error !== undefined) return;
      run({ since: now() - INCREMENTAL_DAYS * DAY_MS, datasets: [e.dataset] }).catch((err) => opts.onError?.(err, e.dataset));
    },
    run,
    idle: async () => {
      await queue;
    },
  };
}
