/**
 * Roles as dashboard-api.md defines them; each includes the one before. The one list and the
 * one rank test for the database, the session, the route wrapper and the pages.
 */
export const ROLES = ["viewer", "trader", "admin"] as const;
export type Role = (typeof ROLES)[number];

/**
 * Every role a user can have: the ranked ones, and `partner`, outside the ranks — a
 * sub-affiliate or KOL who sees the reports of their own scope (lib/contract/scope.ts) and
 * nothing else. A partner has none of the ranked roles: `hasRole(partner, "viewer")` is false,
 * and the route wrapper lets a partner into a viewer route only where the route says which
 * scope applies (lib/server/http/route.ts). Not a demo account (the demo creates the ranked ones).
 */
export const USER_ROLES = [...ROLES, "partner"] as const;
export type UserRole = (typeof USER_ROLES)[number];

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

/**
 * The demo's example partner: added by `npm run demo` to a fresh demo database
 * (scripts/demo-seed.ts); one of the demo accounts wherever those are decided (lib/db/users.ts)
 * and listed on the login page while it exists. Their password is not the other accounts'
 * "demo": they are added over the admin API, which holds every password to the rules
 * (lib/config/user-rules.ts, 8 characters at least), as the start-up's built-in accounts are not.
 */
export const DEMO_PARTNER = "partner";
export const DEMO_PARTNER_PASSWORD = "demo-partner";

/** The demo accounts as the demo prints them: one line per role. */
export function roleLines(indent = "    "): string {
  return ROLES.map((r) => `${indent}${r.padEnd(8)} ${ROLE_SUMMARIES[r]}`).join("\n");
}

export interface ShellUser {
  name: string;
  role: UserRole;
  /** a partner's scope (null for the ranked roles): the pages say whose view it is */
  scope?: { subAffiliateUids: string[]; inviteCodes: string[] } | null;
}

/** Whether the user's role includes `needed` (admin ⊃ trader ⊃ viewer; a partner has none of them). */
export function hasRole(user: { role: UserRole } | null | undefined, needed: Role): boolean {
  if (!user || user.role === "partner") return false;
  return ROLES.indexOf(user.role) >= ROLES.indexOf(needed);
}

/**
 * What a partner may open of a page or a nav link (lib/server/identity/partner-access.ts says the same
 * of the routes): `subAffiliates` with sub-affiliate UIDs in their scope, `invitees` with
 * invite codes, `open` always; absent: not for partners.
 */
export type PagePartners = "subAffiliates" | "invitees" | "open";

/** Whether a user may open a page (or follow a nav link): by role, and a partner by their scope. */
export function mayOpen(user: Pick<ShellUser, "role" | "scope">, entry: { role: Role; partners?: PagePartners }): boolean {
  if (user.role !== "partner") return hasRole(user, entry.role);
  if (entry.role !== "viewer" || entry.partners === undefined) return false;
  if (entry.partners === "open") return true;
  return (user.scope?.[entry.partners === "subAffiliates" ? "subAffiliateUids" : "inviteCodes"].length ?? 0) > 0;
}

export function asRole(value: unknown): UserRole {
  return (USER_ROLES as readonly unknown[]).includes(value) ? (value as UserRole) : "viewer";
}
