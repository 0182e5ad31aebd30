/** Dashboard users (migration 0001). Usernames are lower-case; the password hash is bcrypt. */
import { boolean, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { ROLES, USER_ROLES, type Role, type UserRole } from "../../contract/roles";
import { LOCALES } from "../../i18n/locales";

export { ROLES, USER_ROLES, type Role, type UserRole };

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  username: text("username").notNull().unique("users_username_key"),
  passwordHash: text("password_hash").notNull(),
  role: text("role", { enum: USER_ROLES }).notNull(),
  disabled: boolean("disabled").notNull().default(false),
  sessionVersion: integer("session_version").notNull().default(1),
  /** the language the user chose in the shell (migration 0300); null: none yet */
  locale: text("locale", { enum: LOCALES }),
  /** a partner's scope (migration 0500; lib/contract/scope.ts), in its normal form; empty for the other roles */
  scopeSubAffiliateUids: text("scope_sub_affiliate_uids").array().notNull().default([]),
  scopeInviteCodes: text("scope_invite_codes").array().notNull().default([]),
  /** where the user's own reports go (migration 0530: a partner's each-partner reports); null: none */
  email: text("email"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
