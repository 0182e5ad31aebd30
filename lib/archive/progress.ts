/**
 * How far a sync run has got, as one number: finished slices plus the fraction of the slice
 * being fetched (its page of its known page count). Counting whole slices alone said "0 %"
 * for a run that is one slice of 19 pages at page 17. Pure (no server imports): the admin
 * page and the viewers' status route share it.
 */
export interface RunProgressInput {
  slicesDone: number;
  slices: number;
  /** the slice being fetched: `page` is the next page to read, `pages` its count once WEEX said it */
  current: { page: number; pages: number | null } | null;
}

/** 0–100, whole percent; null when the run has no slices. */
export function runPercent(p: RunProgressInput): number | null {
  if (p.slices <= 0) return null;
  let done = p.slicesDone;
  if (p.current && p.current.pages && p.current.pages > 0) {
    // `page` is the next one to read, so page - 1 pages of this slice are in.
    done += Math.min(1, Math.max(0, (p.current.page - 1) / p.current.pages));
  }
  return Math.min(100, Math.floor((100 * done) / p.slices));
}
