/**
 * The tracked links' routes: the bodies and queries they parse. Where a destination may lead
 * (https, an allowed host) is the server's check (lib/links/destination.ts, with
 * LINK_DESTINATION_HOSTS), a 400 naming `destination` too.
 */
import { z } from "zod";
import { inTime } from "@/lib/weex/wire";

/** 3 to 64 of a-z, 0-9, "-" and "_" (lib/links/destination.ts SLUG_RE, the same rule). */
const slug = z.string({ error: "must be text" }).regex(/^[a-z0-9_-]{3,64}$/, "must be 3 to 64 of a-z, 0-9, - and _");

/** A label a person types (a channel, a campaign, a UTM value): one line, no control characters. */
const label = (max: number) =>
  z
    .string({ error: "must be text" })
    .trim()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`)
    .regex(/^[^\u0000-\u001f\u007f]*$/, "must not contain control characters");

/** An invite code as WEEX writes one (the scope's codes are compared to it as is). */
const inviteCode = z.string({ error: "must be text" }).trim().min(1, "must not be empty").max(64, "must be at most 64 characters").regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces");

const destination = z.string({ error: "must be an https URL" }).trim().min(1, "must not be empty").max(2048, "must be at most 2048 characters");

/** The UTM parameters the redirect adds; given whole (a change replaces all three: one left out is none). */
const utm = z.strictObject({ source: label(128).optional(), medium: label(128).optional(), campaign: label(128).optional() }, { error: "must be an object {source?, medium?, campaign?}" });

/** POST /api/links */
export const linkInput = z.strictObject({
  slug: slug.optional(),
  destination,
  inviteCode,
  channel: label(64).optional(),
  campaign: label(128).optional(),
  utm: utm.optional(),
});
export type LinkInput = z.output<typeof linkInput>;

/** PATCH /api/links/{id}: what changes (the slug never does: a posted short URL keeps its name); null clears a channel or campaign. */
export const linkPatch = z
  .strictObject({ destination: destination.optional(), inviteCode: inviteCode.optional(), channel: label(64).nullish(), campaign: label(128).nullish(), utm: utm.optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), "must change at least one of destination, inviteCode, channel, campaign, utm");
export type LinkPatch = z.output<typeof linkPatch>;

export const linkParams = z.strictObject({ id: z.string().regex(/^[1-9]\d{0,17}$/, "must be a link id") });

/** GET /api/links: each link with its counts over [startTime, endTime) (default: the last 7 days); of one invite code when given. */
export const linksQuery = z
  .strictObject({ startTime: inTime.optional(), endTime: inTime.optional(), inviteCode: inviteCode.optional() })
  .superRefine((q, ctx) => {
    if (q.startTime !== undefined && q.endTime !== undefined && q.endTime <= q.startTime) ctx.addIssue({ code: "custom", path: ["endTime"], message: "must be after startTime" });
  });
export type LinksQuery = z.output<typeof linksQuery>;
