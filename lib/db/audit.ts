/** The audit log: append, and read newest first with filters. */
import "server-only";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { AuditRecord } from "../contract/responses";
import type { Db } from "./connection";
import { auditLog, type AuditRow } from "./schema";

export type AuditOutcome = "success" | "failure" | "rejected" | "error" | "unknown" | "throttled";

export interface AuditEntry {
  username: string | null;
  action: string;
  ip?: string | null;
  /** the request without secrets, and what came back */
  detail?: Record<string, unknown>;
  outcome: AuditOutcome;
  upstreamOrderId?: string | null;
}

export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    username: entry.username,
    action: entry.action,
    ip: entry.ip ?? null,
    detail: entry.detail ?? {},
    outcome: entry.outcome,
    upstreamOrderId: entry.upstreamOrderId ?? null,
  });
}

export type { AuditRecord };

function toRecord(r: AuditRow): AuditRecord {
  return { ...r, id: String(r.id), at: r.at.toISOString() };
}

export interface AuditQuery {
  username?: string;
  action?: string;
  page: number;
  pageSize: number;
}

/** Newest first (by id, which follows insertion order), filtered, one page and the total. */
export async function listAudit(db: Db, q: AuditQuery): Promise<{ items: AuditRecord[]; total: number }> {
  const filters: SQL[] = [];
  if (q.username) filters.push(eq(auditLog.username, q.username));
  if (q.action) filters.push(eq(auditLog.action, q.action));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { items: rows.map(toRecord), total: Number(totalRow?.n ?? 0) };
}

/** The distinct actions recorded so far, for the audit page's filter. */
export async function auditActions(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action);
  return rows.map((r) => r.action);
}
