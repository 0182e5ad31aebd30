/**
 * Records WEEX sent that the dashboard cannot use: a decimal that is not a
 * decimal, a time that is not a time. One such record must never fail a whole page, export or
 * sync, and must never vanish without a trace: it is kept out of sums, counted, logged with its
 * path and value, and reported as `warnings` on lists and series. Exports still write it with
 * its values as received.
 *
 * No zod and no server code here: the pages import the `Warnings` type too.
 */

/** Why one record was set aside: the first field that could not be read. */
export interface RecordProblem {
  /** where in the upstream answer, e.g. `records.7.tradingVolume` */
  path: string;
  /** the value as received (text; JSON for objects), cut to 200 characters */
  value: string;
  reason: string;
}

/** A record set aside, with its fields exactly as received (numbers as their text). */
export interface RejectedRecord {
  record: Record<string, unknown>;
  problem: RecordProblem;
}

/** What lists and series say about records they could not use. */
export interface Warnings {
  /** how many records were set aside */
  count: number;
  /** the first of them (null when none) */
  example: RecordProblem | null;
}

const MAX_VALUE_CHARS = 200;

/** The value as text for a log line or a warning (never a JS number: ids and decimals stay exact). */
export function problemValue(v: unknown): string {
  const text = v === undefined ? "(missing)" : typeof v === "string" ? v : JSON.stringify(v);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

/**
 * Collects the problems of one answer (a list page, a series, an export): the count and the
 * first example, whatever the number; the records themselves only while `keepRecords`.
 */
export class ProblemSink {
  private count = 0;
  private example: RecordProblem | undefined;
  private pending: RejectedRecord[] = [];

  /** keep the rejected records themselves until `takeRecords()` (an export writes them) */
  keepRecords = false;

  add(rejected: readonly RejectedRecord[]): void {
    if (rejected.length === 0) return;
    this.count += rejected.length;
    this.example ??= rejected[0].problem;
    if (this.keepRecords) this.pending.push(...rejected);
  }

  /** Add a count and example computed elsewhere (the archive's stored problems). */
  addWarnings(w: Warnings | undefined): void {
    if (!w || w.count === 0) return;
    this.count += w.count;
    this.example ??= w.example ?? undefined;
  }

  /** The rejected records with their problems, collected since the last call (keepRecords only). */
  takeRejected(): RejectedRecord[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }

  /** The rejected records collected since the last call (keepRecords only). */
  takeRecords(): Record<string, unknown>[] {
    const out = this.pending.map((r) => r.record);
    this.pending = [];
    return out;
  }

  warnings(): Warnings {
    return { count: this.count, example: this.example ?? null };
  }
}
