/**
 * What an answer does with WEEX's pages besides reading their records: the records of a page
 * that could not be used go to the answer's notes, and a report WEEX says it no longer serves
 * (`gone`, weex-facts.md) is marked, so `auto` answers from the archive alone for a while and
 * the person sees what the archive holds instead of an error (`live` keeps the error).
 */
import type { PageLister } from "@/lib/affiliate/pages";
import { isWeexError } from "@/lib/weex/errors";
import type { Answer, Notes } from "./answer";
import { ANY_READS, type Range } from "./dataset-reads";
import { keepInWindow } from "./record-window";
import type { DatasetKey } from "./settings";

/**
 * Reports WEEX answered "no longer served" (404 or -1150 on the path), until when: meanwhile
 * `auto` answers from the archive alone instead of asking WEEX again (and failing) each time.
 */
// (on globalThis: Next bundles each route separately, and every route must see the same marks)
const goneUntil = ((globalThis as typeof globalThis & { __weexGoneUntil?: Map<DatasetKey, number> }).__weexGoneUntil ??= new Map<DatasetKey, number>());
const GONE_RECHECK_MS = 10 * 60_000;

/** Whether WEEX said lately that it no longer serves this dataset's report. */
export function isGone(dataset: DatasetKey, now: number): boolean {
  return (goneUntil.get(dataset) ?? 0) > now;
}

/**
 * The lister, with each page's set-aside records handed to `notes`, and reports WEEX no longer
 * serves noted. Its walks (lib/affiliate/pages.ts `walkPages`) keep each page's records in the
 * window their query asked for, the others counted in `notes` (record-window.ts), as a list
 * page's live part does (list-page.ts): every live walk keeps each record once, in its query's
 * window, whatever the upstream sends.
 */
export function collecting(lister: PageLister, notes: Pick<Notes, "setAside" | "outsideWindow">, now: () => number): PageLister {
  return {
    inWindow: (key, params, items) => keepInWindow(ANY_READS[key].time, params as Range, items, notes),
    async list(key, params, opts) {
      try {
        const page = await lister.list(key, params, opts);
        if (page.rejected?.length) notes.setAside(page.rejected);
        goneUntil.delete(key);
        return page;
      } catch (e) {
        if (isWeexError(e) && e.gone) goneUntil.set(key, now() + GONE_RECHECK_MS);
        throw e;
      }
    },
  };
}

/** Whether an `auto` answer that failed this way is asked again, from the archive (the dataset is marked gone by now). */
function answersFromArchive(answer: Answer, e: unknown): boolean {
  return answer.source === "auto" && isWeexError(e) && e.gone === true;
}

/** `run`, asked once more when WEEX no longer serves the report (what the first attempt read is forgotten). */
export async function orArchive<T>(answer: Answer, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!answersFromArchive(answer, e)) throw e;
    answer.startOver();
    return run();
  }
}

/** The same for a stream of batches, as long as nothing was yielded yet (a started file fails visibly). */
export async function* batchesOrArchive<T>(answer: Answer, run: () => AsyncGenerator<T[]>): AsyncGenerator<T[]> {
  let yielded = false;
  try {
    for await (const batch of run()) {
      yielded = true;
      yield batch;
    }
  } catch (e) {
    if (yielded || !answersFromArchive(answer, e)) throw e;
    answer.startOver();
    yield* run();
  }
}
