/**
 * Sign-in attempts (migration 0001 as login_failures, 0400): the login throttle's slots, per
 * username and per IP. A row is an attempt let through and not (yet) succeeded: in flight, or
 * the failure it turned out to be.
 */
import { bigint, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

export const loginAttempts = pgTable("login_attempts", {
  id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  username: text("username").notNull(),
  ip: text("ip").notNull(),
});

/** Per username, per known address of a username (0550) and per IP: the end of the block the audit log last recorded (0400). */
export const loginThrottleNoted = pgTable(
  "login_throttle_noted",
  {
    kind: text("kind", { enum: ["username", "known", "ip"] }).notNull(),
    key: text("key").notNull(),
    until: timestamp("until", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

/** The addresses (address keys) a username signed in from, each with a budget of its own (0550). */
export const loginKnownAddresses = pgTable(
  "login_known_addresses",
  {
    username: text("username").notNull(),
    ip: text("ip").notNull(),
    lastSuccess: timestamp("last_success", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.username, t.ip] })],
);
