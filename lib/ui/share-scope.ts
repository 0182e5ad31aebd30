/**
 * What a share link shows, read from the link's query (the page's URL state when it was made):
 * its filters are its scope. One table of the dimensions a link can be limited on, with the URL
 * key each is read from and the views that have it; the period is the view's period (and its
 * comparison), or the invited-users page's registration days. The server enforces this scope on
 * every route the view reads (lib/server/identity/share-scope.ts); the share dialog says it in words
 * (components/share/share-button.tsx). Pure and client-safe: no zod, no server module.
 *
 * A dimension the link does not filter stays open (within its creator's own scope): only what
 * the link's URL named is fixed. What a reader may change is presentation only: granularity,
 * time zone, sort, page and page size.
 */
import { COMPARES, comparisonPeriod, PRESETS, resolvePeriod, type Compare, type Period, type Preset } from "./period";
import { rangeToEpoch } from "./ranges";
import { isValidTimeZone, parseYmd, UTC } from "@/lib/time/calendar";

/** The views a link can show (lib/contract/share.ts SHARE_PAGES; repeated here as keys only: that module carries zod). */
export type ShareView = "overview" | "subAffiliates" | "invitees" | "cohorts" | "value";

/** The dimensions a link's filters fix, each as one request field, read from one URL key on the views that have it. */
export const SHARE_DIMENSIONS = {
  inviteCode: { urlKey: "inviteCode", views: ["invitees", "value"] },
  subUid: { urlKey: "subUid", views: ["subAffiliates"] },
  uid: { urlKey: "uid", views: ["invitees", "value"] },
  productType: { urlKey: "productType", views: ["subAffiliates"] },
} as const satisfies Record<string, { urlKey: string; views: readonly ShareView[] }>;

export type ShareDimension = keyof typeof SHARE_DIMENSIONS;
export const SHARE_DIMENSION_KEYS = Object.keys(SHARE_DIMENSIONS) as ShareDimension[];

/**
 * How each view's URL names its period: the period pages' `period` (preset or custom days) and
 * `compare`, or the invited-users page's registration days (`regFrom`, `regTo`). A URL that
 * names none (the view shows its default) makes a link open in time.
 */
export const SHARE_PERIOD_KEYS: Record<ShareView, "period" | "registration"> = {
  overview: "period",
  subAffiliates: "period",
  invitees: "registration",
  cohorts: "period",
  value: "period",
};

/** A link's period as its URL named it. */
export type LinkPeriod =
  | { kind: "period"; preset: Preset; from: string | null; to: string | null; compare: Compare; compareStart: string | null; compareEnd: string | null; tz: string }
  | { kind: "registration"; from: string | null; to: string | null; tz: string };

/** A link's filters: the value of each dimension it fixes, and its period (null: open in time). */
export interface LinkFilters {
  values: Partial<Record<ShareDimension, string>>;
  period: LinkPeriod | null;
}

const oneOf = <T extends string>(list: readonly T[], v: string | null, fallback: T): T => (v !== null && (list as readonly string[]).includes(v) ? (v as T) : fallback);

/** The period the URL names, as the view reads it (usePeriodNamed: `period`, `from` or `to`), or null. */
function periodOfQuery(view: ShareView, q: URLSearchParams): LinkPeriod | null {
  const rawTz = q.get("tz");
  const tz = rawTz !== null && isValidTimeZone(rawTz) ? rawTz : UTC;
  if (SHARE_PERIOD_KEYS[view] === "registration") {
    const from = parseYmd(q.get("regFrom")) ? q.get("regFrom") : null;
    const to = parseYmd(q.get("regTo")) ? q.get("regTo") : null;
    return from === null && to === null ? null : { kind: "registration", from, to, tz };
  }
  if (q.get("period") === null && q.get("from") === null && q.get("to") === null) return null;
  return {
    kind: "period",
    // (as the view reads it: without a valid `period` it shows the last 30 days)
    preset: oneOf(PRESETS, q.get("period"), "30d"),
    from: q.get("from"),
    to: q.get("to"),
    compare: oneOf(COMPARES, q.get("compare"), "previous"),
    compareStart: q.get("compareStart"),
    compareEnd: q.get("compareEnd"),
    tz,
  };
}

/** The filters of a link to `view` made with `query` (the page's query string, with or without "?"). */
export function linkFilters(view: ShareView, query: string): LinkFilters {
  const q = new URLSearchParams(query.replace(/^\?/, ""));
  const values: LinkFilters["values"] = {};
  for (const key of SHARE_DIMENSION_KEYS) {
    const dim = SHARE_DIMENSIONS[key];
    const v = q.get(dim.urlKey)?.trim();
    if ((dim.views as readonly ShareView[]).includes(view) && v) values[key] = v;
  }
  return { values, period: periodOfQuery(view, q) };
}

/** A stretch of time a request may read: inclusive epoch ms, either end open (undefined). */
export interface AllowedRange {
  startTime?: number;
  endTime?: number;
}

/**
 * The ranges a link's period allows at `now` in `tz`: the period and its comparison (a rolling
 * preset such as "last 30 days" is resolved again, so it stays rolling), or the registration
 * days. Resolved in the request's zone: the reader may change the zone, which moves the day
 * boundaries but not the number of days.
 */
export function allowedRanges(period: LinkPeriod, tz: string, now: number): AllowedRange[] {
  if (period.kind === "registration") return [rangeToEpoch(period.from, period.to, tz)];
  const p: Period = resolvePeriod(period.preset, tz, now, { from: period.from, to: period.to });
  const c = comparisonPeriod(p, tz, period.compare, { start: period.compareStart, end: period.compareEnd });
  return [p, c.period].map(({ startTime, endTime }) => ({ startTime, endTime }));
}
