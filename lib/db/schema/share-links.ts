/** Share links (migration 0510): a read-only link to one view; only the token's SHA-256 is kept. */
import { boolean, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const shareLinks = pgTable("share_links", {
  id: uuid("id").primaryKey(),
  tokenHash: text("token_hash").notNull().unique("share_links_token_hash_key"),
  createdBy: uuid("created_by")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** a key of SHARE_PAGES (lib/contract/share.ts) */
  page: text("page").notNull(),
  /** the page's query string, without "?" */
  query: text("query").notNull().default(""),
  allowExport: boolean("allow_export").notNull().default(false),
  passwordHash: text("password_hash"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  /**
   * The creator's scope when the link was made (migration 0552; both null: they had none): the
   * link shows at most this, intersected with their scope at each request.
   */
  creatorScopeSubAffiliateUids: text("creator_scope_sub_affiliate_uids").array(),
  creatorScopeInviteCodes: text("creator_scope_invite_codes").array(),
});

export type ShareLinkRow = typeof shareLinks.$inferSelect;
