/**
 * What one answer has read so far, for the two things every affiliate answer reports after
 * reading: where its data came from (`freshness`) and the records it could not use
 * (`warnings`; an export also writes the unusable ones, values as received).
 */
import { ProblemSink, type RejectedRecord, type Warnings } from "@/lib/weex/record-problems";
import type { Freshness, PendingRange, SourceParam } from "./select";

/**
 * Where reading notes the records it could not use: the answer itself, or the record a cached
 * walk keeps of them and hands to every answer it serves (live-walks.ts).
 */
export interface Notes {
  /** records WEEX sent that cannot be used (an export writes them as received) */
  setAside(rejected: readonly RejectedRecord[]): void;
  /**
   * records outside the window their query asked for: left out and counted, never written to a
   * file (they belong to another part of the answer, or to none)
   */
  outsideWindow(w: Warnings): void;
}

export class Answer implements Notes {
  /** where each part read so far came from */
  private parts: Freshness[] = [];
  private problems = new ProblemSink();
  /** the stretches not answered yet while the first backfill runs (undefined: not building) */
  private pendingRanges: PendingRange[] | undefined;

  constructor(readonly source: SourceParam) {}

  /** A part was read (or planned) from here. */
  saw(part: Freshness): void {
    this.parts.push(part);
  }

  /** Answered from the archive alone while its first backfill runs: these stretches are still to come. */
  pending(ranges: readonly PendingRange[]): void {
    this.pendingRanges = [...(this.pendingRanges ?? []), ...ranges];
  }

  /** The answer was given live as a whole after all (a list too long to merge). */
  answeredLive(): void {
    this.parts = [{ source: "live", syncedAt: null }];
  }

  /** Records set aside while reading (live pages, the archive's stored problems). */
  setAside(rejected: readonly RejectedRecord[]): void {
    this.problems.add(rejected);
  }

  outsideWindow(w: Warnings): void {
    this.problems.addWarnings(w);
  }

  /**
   * For exports: the batches with the records set aside so far appended, values as received,
   * so a file holds every record WEEX sent.
   */
  async *withRejected<T>(batches: AsyncIterable<T[]>): AsyncGenerator<T[]> {
    this.problems.keepRecords = true;
    for await (const batch of batches) yield [...batch, ...(this.problems.takeRecords() as T[])];
    const rest = this.problems.takeRecords() as T[];
    if (rest.length > 0) yield rest;
  }

  /**
   * Before a second attempt at the answer: what the first one read is forgotten, its sources
   * and its set-aside records alike (else the archive's problems count twice and an export
   * writes them twice).
   */
  startOver(): void {
    const keepRecords = this.problems.keepRecords;
    this.parts = [];
    this.pendingRanges = undefined;
    this.problems = new ProblemSink();
    this.problems.keepRecords = keepRecords;
  }

  freshness(): Freshness {
    const pending = this.pendingRanges ? { pending: this.pendingRanges } : {};
    if (this.parts.length === 0) return { source: this.source === "archive" ? "archive" : "live", syncedAt: null, ...pending };
    const sources = new Set(this.parts.map((f) => f.source));
    const syncedAt = this.parts.find((f) => f.syncedAt !== null)?.syncedAt ?? null;
    if (sources.size === 1) return { ...this.parts[0], ...pending };
    return { source: "mixed", syncedAt, ...pending };
  }

  /** `{count: 0, example: null}` when every record could be used. */
  warnings(): Warnings {
    return this.problems.warnings();
  }
}
