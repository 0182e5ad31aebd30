/**
 * Writing the audit log from request handling. A failure to write is logged loudly but never
 * turns a completed action into an error: an order that went through must not look failed to
 * the person who sent it (they would send it again).
 */
import "server-only";
import { getDb } from "@/lib/db";
import { writeAudit, type AuditEntry } from "@/lib/db/audit";
import { logger } from "@/lib/log/log";

export type { AuditEntry, AuditOutcome } from "@/lib/db/audit";

export async function audit(entry: AuditEntry): Promise<void> {
  try {
    await writeAudit(await getDb(), entry);
  } catch (e) {
    logger("audit").error({ err: e, action: entry.action, username: entry.username, outcome: entry.outcome, upstreamOrderId: entry.upstreamOrderId }, "could not write the audit log");
  }
}
