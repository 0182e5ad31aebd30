/** What the admin routes answer (dashboard-api.md, admin section of the README). */
export type UserRole = "viewer" | "trader" | "admin";
export const USER_ROLES: readonly UserRole[] = ["viewer", "trader", "admin"];

export interface AdminUser {
  id: string;
  username: string;
  role: UserRole;
  disabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface AuditRecord {
  id: string;
  at: string;
  username: string | null;
  action: string;
  ip: string | null;
  detail: Record<string, unknown>;
  outcome: string;
  upstreamOrderId: string | null;
}

export interface AuditPage {
  items: AuditRecord[];
  page: number;
  pageSize: number;
  total: number;
  pages: number;
  hasNextPage: boolean;
  actions: string[];
}
