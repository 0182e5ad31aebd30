/** Dashboard users (migration 0001). Usernames are lower-case; the password hash is bcrypt. */
import { boolean, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { ROLES, type Role } from "../../contract/roles";
import { LOCALES } from "../../i18n/locales";

export { ROLES, type Role };

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  username: text("username").notNull().unique("users_username_key"),
  passwordHash: text("password_hash").notNull(),
  role: text("role", { enum: ROLES }).notNull(),
  disabled: boolean("disabled").notNull().default(false),
  sessionVersion: integer("session_version").notNull().default(1),
  /** the language the user chose in the shell (migration 0300); null: none yet */
  locale: text("locale", { enum: LOCALES }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
