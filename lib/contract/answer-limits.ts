/**
 * How large an answer the dashboard builds: the one bound, checked before anything is read.
 *
 * A series or cohorts answer holds one bucket per day, week or month of its range in the
 * person's zone; the buckets' bounds travel to the archive as one array parameter, so a
 * statement's size is fixed but the answer and that parameter grow with the count. The longest
 * range any source allows (five years of 366 days with `source=archive`, lib/contract/queries.ts)
 * in days, plus the two days its ends may cut, is the most buckets an answer is built with.
 * A request past it (only a range the contract's own limits would refuse reaches it, or a
 * caller inside the server) is refused with `answer_too_large` naming `startTime`.
 */
export const MAX_ANSWER_BUCKETS = 5 * 366 + 2;

/** A request refused before its answer is built; `field` is the one to narrow. */
export class AnswerTooLargeError extends Error {
  override readonly name = "AnswerTooLargeError";

  constructor(
    readonly field: string,
    /** what is wrong with `field`, as the error's `fields[].message` */
    readonly fieldMessage: string,
  ) {
    super(`The answer is too large to build: ${field} ${fieldMessage}`);
  }
}

/** Throws AnswerTooLargeError once a bucket list reaches past MAX_ANSWER_BUCKETS. */
export function checkBucketCount(count: number): void {
  if (count > MAX_ANSWER_BUCKETS) throw new AnswerTooLargeError("startTime", `must leave at most ${MAX_ANSWER_BUCKETS} buckets in the range: narrow it, or choose a coarser granularity`);
}
