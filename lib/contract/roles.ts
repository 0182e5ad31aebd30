/**
 * Roles as dashboard-api.md defines them; each includes the one before. The one list and the
 * one rank test for the database, the session, the route wrapper and the pages.
 */
export const ROLES = ["viewer", "trader", "admin"] as const;
export type Role = (typeof ROLES)[number];

/**
 * What each role may do, in one wording for the demo's console text and the README (each adds
 * to the one before). The login page says the same in the page's language (login.demo.roles;
 * a test keeps the English words equal to these).
 */
export const ROLE_SUMMARIES: Record<Role, string> = {
  viewer: "reports, charts and CSV exports (overview, invitees, sub-affiliates, transfers, markets, coins)",
  trader: "+ spot order queries and contract / plan orders",
  admin: "+ users, audit log and archive sync",
};

/** The demo accounts as the demo prints them: one line per role. */
export function roleLines(indent = "    "): string {
  return ROLES.map((r) => `${indent}${r.padEnd(8)} ${ROLE_SUMMARIES[r]}`).join("\n");
}

export interface ShellUser {
  name: string;
  role: Role;
}

/** Whether the user's role includes `needed` (admin ⊃ trader ⊃ viewer). */
export function hasRole(user: { role: Role } | null | undefined, needed: Role): boolean {
  if (!user) return false;
  return ROLES.indexOf(user.role) >= ROLES.indexOf(needed);
}

export function asRole(value: unknown): Role {
  return (ROLES as readonly unknown[]).includes(value) ? (value as Role) : "viewer";
}
