/**
 * The links' rows: made, read, changed and deleted. A deleted link keeps its row and slug
 * (`deletedAt` set): an old short URL never leads somewhere else, and answers 410.
 */
import { and, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/archive/db";
import { link } from "@/lib/db/schema/links";
import { isUniqueViolation } from "@/lib/db/users";
import { newSlug, withUtm } from "./destination";

export interface Link {
  id: string;
  slug: string;
  destination: string;
  inviteCode: string;
  channel: string | null;
  campaign: string | null;
  utm: { source: string | null; medium: string | null; campaign: string | null };
  createdBy: string;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
}

type Row = typeof link.$inferSelect;
export const linkOf = (r: Row): Link => ({
  id: String(r.id),
  slug: r.slug,
  destination: r.destination,
  inviteCode: r.inviteCode,
  channel: r.channel,
  campaign: r.campaign,
  utm: { source: r.utmSource, medium: r.utmMedium, campaign: r.utmCampaign },
  createdBy: r.createdBy,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  deletedAt: r.deletedAt,
});

/** Where a link's short URL leads: its destination with its UTM parameters. */
export const target = (l: Pick<Link, "destination" | "utm">): string => withUtm(l.destination, l.utm);

export interface LinkFields {
  destination: string;
  inviteCode: string;
  channel?: string | null;
  campaign?: string | null;
  utm?: { source?: string | null; medium?: string | null; campaign?: string | null };
}

const columns = (f: Partial<LinkFields>) => ({
  destination: f.destination,
  inviteCode: f.inviteCode,
  channel: f.channel,
  campaign: f.campaign,
  ...(f.utm === undefined ? {} : { utmSource: f.utm.source ?? null, utmMedium: f.utm.medium ?? null, utmCampaign: f.utm.campaign ?? null }),
});

/** Tries for a free generated slug: at 40 bits, a second try is already rare. */
const GENERATED_TRIES = 5;

/**
 * A new link under `slug`, or a generated one when none is given; "taken" when the slug is
 * (or was: deleted links keep theirs) another link's.
 */
export async function createLink(db: Db, fields: LinkFields & { slug?: string; createdBy: string }, now: number): Promise<Link | "taken"> {
  for (let i = 0; i < (fields.slug ? 1 : GENERATED_TRIES); i++) {
    try {
      const [row] = await db
        .insert(link)
        .values({ ...columns(fields), destination: fields.destination, inviteCode: fields.inviteCode, slug: fields.slug ?? newSlug(), createdBy: fields.createdBy, createdAt: now, updatedAt: now })
        .returning();
      return linkOf(row!);
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
    }
  }
  return "taken";
}

const ID_RE = /^\d{1,18}$/;

export async function getLink(db: Db, id: string): Promise<Link | undefined> {
  if (!ID_RE.test(id)) return undefined;
  const [row] = await db.select().from(link).where(eq(link.id, Number(id)));
  return row && linkOf(row);
}

/** The link under a slug, deleted or not. */
export async function linkBySlug(db: Db, slug: string): Promise<Link | undefined> {
  const [row] = await db.select().from(link).where(eq(link.slug, slug));
  return row && linkOf(row);
}

/** The links that are not deleted, newest first; of these invite codes only, when given. */
export async function listLinks(db: Db, inviteCodes: readonly string[] | null): Promise<Link[]> {
  if (inviteCodes !== null && inviteCodes.length === 0) return [];
  const filters: (SQL | undefined)[] = [isNull(link.deletedAt), inviteCodes === null ? undefined : inArray(link.inviteCode, [...inviteCodes])];
  const rows = await db.select().from(link).where(and(...filters)).orderBy(desc(link.id)).limit(1000);
  return rows.map(linkOf);
}

/** Change a live link's fields; undefined when there is none (or it is deleted). */
export async function updateLink(db: Db, id: string, fields: Partial<LinkFields>, now: number): Promise<Link | undefined> {
  if (!ID_RE.test(id)) return undefined;
  const [row] = await db
    .update(link)
    .set({ ...columns(fields), updatedAt: now })
    .where(and(eq(link.id, Number(id)), isNull(link.deletedAt)))
    .returning();
  return row && linkOf(row);
}

/** Delete a live link (its slug stays taken); undefined when there is none (or it was already). */
export async function deleteLink(db: Db, id: string, now: number): Promise<Link | undefined> {
  if (!ID_RE.test(id)) return undefined;
  const [row] = await db
    .update(link)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(link.id, Number(id)), isNull(link.deletedAt)))
    .returning();
  return row && linkOf(row);
}
