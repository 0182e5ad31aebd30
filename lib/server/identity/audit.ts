/**
 * Writing the audit log from request handling. A failure to write is logged loudly but never
 * turns a completed action into an error: an order that went through must not look failed to
 * the person who sent it (they would send it again). An entry written while an API token's
 * request is handled names the token (`detail.apiToken`), whatever the handler wrote.
 */
import "server-only";
import { getDb } from "@/lib/db";
import { writeAudit, type AuditEntry } from "@/lib/db/audit";
import { logger } from "@/lib/log/log";
import { currentPrincipal } from "./principal";

export type { AuditEntry, AuditOutcome } from "@/lib/db/audit";

export async function audit(entry: AuditEntry): Promise<void> {
  try {
    const token = currentPrincipal()?.token;
    await writeAudit(await getDb(), token ? { ...entry, detail: { ...entry.detail, apiToken: token } } : entry);
  } catch (e) {
    logger("audit").error({ err: e, action: entry.action, username: entry.username, outcome: entry.outcome, upstreamOrderId: entry.upstreamOrderId }, "could not write the audit log");
  }
}
