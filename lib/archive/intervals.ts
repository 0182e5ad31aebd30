/**
 * Inclusive epoch-ms intervals: what the archive holds (coverage) and what is still missing
 * (gaps). Pure functions; the sync planner and the source selector both use them.
 */

export interface Interval {
  from: number;
  to: number;
}

/** Sort and merge overlapping or touching intervals ([a, b] and [b + 1, c] become [a, c]). */
export function mergeIntervals(list: readonly Interval[]): Interval[] {
  const sorted = [...list].filter((i) => i.to >= i.from).sort((a, b) => a.from - b.from);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.from <= last.to + 1) last.to = Math.max(last.to, i.to);
    else out.push({ ...i });
  }
  return out;
}

/** The parts of [from, to] that no interval of `held` covers, oldest first. */
export function gaps(from: number, to: number, held: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let cursor = from;
  for (const h of mergeIntervals(held)) {
    if (h.to < cursor) continue;
    if (h.from > to) break;
    if (h.from > cursor) out.push({ from: cursor, to: Math.min(to, h.from - 1) });
    cursor = Math.max(cursor, h.to + 1);
    if (cursor > to) break;
  }
  if (cursor <= to) out.push({ from: cursor, to });
  return out;
}

/** The interval of `held` that contains the whole of [from, to], if any. */
export function containing(from: number, to: number, held: readonly Interval[]): Interval | undefined {
  return mergeIntervals(held).find((h) => h.from <= from && to <= h.to);
}

/**
 * Cut [from, to] into pieces of at most `size` ms, newest first (the newest data becomes
 * available from the archive first). When `range.to + 1` falls on a day boundary and `size` is
 * whole days, every cut falls on a day boundary too.
 */
export function chunkNewestFirst(range: Interval, size: number): Interval[] {
  const out: Interval[] = [];
  let to = range.to;
  while (to >= range.from) {
    const from = Math.max(range.from, to - size + 1);
    out.push({ from, to });
    to = from - 1;
  }
  return out;
}
