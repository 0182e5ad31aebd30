/**
 * Query schemas of issue 14's routes: cohorts, invite codes, and the invitee list's and
 * export's extra filters (stage, activity, activeDays, inviteCode). Built like queries.ts:
 * with `source=auto|live` the upstream's one-year invitee window applies (live may be asked);
 * with `source=archive` only the order of the ends (and, for cohorts, a span of at most five
 * years, so an answer never lists thousands of empty weeks).
 */
import { z } from "zod";
import { checkWindow, DAY_MS } from "@/lib/weex/endpoints";
import { inEnum, inInt, inTime } from "@/lib/weex/wire";
import { ACTIVITIES, COHORT_BY, STAGES } from "./cohorts";
import { INVITEE_RANGE, timeZone } from "./queries";

const COHORT_MAX_SPAN_MS = 5 * 366 * DAY_MS;
const COHORT_ARCHIVE_RANGE = { ordered: true, maxSpanMs: COHORT_MAX_SPAN_MS };

const cohortFields = { startTime: inTime, endTime: inTime, by: inEnum(COHORT_BY).default("week"), tz: timeZone };

/** GET /api/affiliate/invitees/cohorts (auto, live) */
export const cohortsQuery = z.strictObject(cohortFields).superRefine((p, ctx) => checkWindow(INVITEE_RANGE, p, ctx));
/** GET /api/affiliate/invitees/cohorts?source=archive */
export const archiveCohortsQuery = z.strictObject(cohortFields).superRefine((p, ctx) => checkWindow(COHORT_ARCHIVE_RANGE, p, ctx));

/** The invitee list's and export's extra filters. */
const inviteeExtraFields = z.strictObject({
  stage: inEnum(STAGES).optional(),
  activity: inEnum(ACTIVITIES).optional(),
  activeDays: inInt(1, 3660).optional(),
  inviteCode: z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters").optional(),
});
const EXTRA_KEYS = Object.keys(inviteeExtraFields.shape);

/**
 * `base` (the list's or export's own query) plus the extra filters. Issues keep their field
 * paths, so a 400 names each bad field whichever schema found it.
 */
export function withInviteeExtras(base: z.ZodType) {
  return z.record(z.string(), z.unknown()).transform((input, ctx) => {
    const extras = Object.fromEntries(Object.entries(input).filter(([k]) => EXTRA_KEYS.includes(k)));
    const rest = Object.fromEntries(Object.entries(input).filter(([k]) => !EXTRA_KEYS.includes(k)));
    const e = inviteeExtraFields.safeParse(extras);
    const b = base.safeParse(rest);
    for (const issue of [...(e.success ? [] : e.error.issues), ...(b.success ? [] : b.error.issues)]) {
      if (issue.code === "unrecognized_keys") {
        for (const k of issue.keys) ctx.addIssue({ code: "custom", message: "is not a known field", path: [...issue.path, k] });
      } else {
        ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
      }
    }
    if (!e.success || !b.success) return z.NEVER;
    return { ...(b.data as Record<string, unknown>), ...e.data };
  });
}

export type CohortsQueryInput = z.output<typeof cohortsQuery>;
export type InviteeExtras = z.output<typeof inviteeExtraFields>;
