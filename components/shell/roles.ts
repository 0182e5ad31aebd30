/** Roles as dashboard-api.md defines them; each includes the one before. */
export const ROLES = ["viewer", "trader", "admin"] as const;
export type Role = (typeof ROLES)[number];

export interface ShellUser {
  name: string;
  role: Role;
}

export function hasRole(user: { role: Role } | null | undefined, needed: Role): boolean {
  if (!user) return false;
  return ROLES.indexOf(user.role) >= ROLES.indexOf(needed);
}

export function asRole(value: unknown): Role {
  return (ROLES as readonly unknown[]).includes(value) ? (value as Role) : "viewer";
}
