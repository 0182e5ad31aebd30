/** API tokens (migration 0520): a token's SHA-256, what it may do, and where it was used from. */
import { boolean, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ROLES } from "../../contract/roles";
import { users } from "./users";

export const apiTokens = pgTable("api_tokens", {
  id: uuid("id").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  /** lower-case hex SHA-256 of the token text; the token itself is never stored */
  tokenHash: text("token_hash").notNull(),
  /** the token's first characters, to tell tokens apart */
  hint: text("hint").notNull(),
  role: text("role", { enum: ROLES }).notNull(),
  canWrite: boolean("can_write").notNull().default(false),
  /** also taken from an export URL's ?access_token= (a read-only viewer token) */
  inUrl: boolean("in_url").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  lastUsedIp: text("last_used_ip"),
});

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export const apiTokenAddresses = pgTable(
  "api_token_addresses",
  {
    tokenId: uuid("token_id")
      .notNull()
      .references(() => apiTokens.id, { onDelete: "cascade" }),
    ip: text("ip").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.ip] })],
);
