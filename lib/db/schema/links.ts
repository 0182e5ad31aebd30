/**
 * Tracked links and their clicks (migration 0660), as Drizzle tables. The SQL migration creates
 * them and stays the source of truth; read and written by lib/links.
 */
import { bigint, bigserial, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ms } from "./columns";

/** A short URL /r/{slug} and where it leads; deleted: `deletedAt` set, the slug kept. */
export const link = pgTable(
  "link",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    slug: text("slug").notNull(),
    destination: text("destination").notNull(),
    inviteCode: text("invite_code").notNull(),
    channel: text("channel"),
    campaign: text("campaign"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    /** the username of who made it */
    createdBy: text("created_by").notNull(),
    createdAt: ms("created_at").notNull(),
    updatedAt: ms("updated_at").notNull(),
    deletedAt: ms("deleted_at"),
  },
  (t) => [uniqueIndex("link_slug").on(t.slug), index("link_invite_code").on(t.inviteCode)],
);

/** The link a click row or rollup counts for. */
const linkRef = () =>
  bigint("link_id", { mode: "number" })
    .notNull()
    .references(() => link.id);

/** One visitor key's clicks on one link in one 15-minute bucket. */
export const linkClick = pgTable(
  "link_click",
  {
    linkId: linkRef(),
    /** the bucket's start, epoch ms */
    bucketAt: ms("bucket_at").notNull(),
    visitor: text("visitor").notNull(),
    clicks: integer("clicks").notNull().default(0),
    bots: integer("bots").notNull().default(0),
    referrerHost: text("referrer_host"),
    device: text("device"),
    browser: text("browser"),
    os: text("os"),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.bucketAt, t.visitor] }), index("link_click_bucket").on(t.bucketAt)],
);

/** A link's clicks of one UTC day, kept for ever. */
export const linkClickDay = pgTable(
  "link_click_day",
  {
    linkId: linkRef(),
    /** the day's start (00:00 UTC), epoch ms */
    dayAt: ms("day_at").notNull(),
    clicks: integer("clicks").notNull(),
    bots: integer("bots").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.dayAt] })],
);
