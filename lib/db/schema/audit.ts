/** The audit log (migration 0001): sign-ins, order placements and changes, user management. */
import { bigint, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const auditLog = pgTable("audit_log", {
  // read as bigint (exact); the API turns it into a string like every id in the dashboard
  id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  username: text("username"),
  action: text("action").notNull(),
  ip: text("ip"),
  detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  outcome: text("outcome").notNull(),
  upstreamOrderId: text("upstream_order_id"),
});

export type AuditRow = typeof auditLog.$inferSelect;
