/** Failed sign-ins (migration 0001), for throttling per username and per IP. */
import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const loginFailures = pgTable("login_failures", {
  id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  username: text("username").notNull(),
  ip: text("ip").notNull(),
});
