import type { PagePartners, Role } from "@/lib/contract/roles";

/** A link's label is shell.nav.<key> in the catalogue, a section's heading shell.sections.<id>. */
export interface NavItem {
  href: string;
  key: NavKey;
  role: Role;
  /** as the page's entry says (app/(app)/pages.ts): what a partner may open */
  partners?: PagePartners;
  /** URL state this page understands, carried along from the current URL */
  carry: readonly string[];
}

const PERIOD = ["period", "from", "to", "granularity", "tz", "compare", "compareStart", "compareEnd"] as const;
const TZ = ["tz"] as const;

export type NavKey = "overview" | "invitees" | "cohorts" | "value" | "referrals" | "subAffiliates" | "transfers" | "alerts" | "risk" | "markets" | "coins" | "orders" | "trading" | "users" | "audit" | "sync" | "tokens";
export type NavSection = "affiliate" | "reference" | "trading" | "administration" | "api";

export const NAV_SECTIONS: ReadonlyArray<{ id: NavSection; items: readonly NavItem[] }> = [
  {
    id: "affiliate",
    items: [
      { href: "/", key: "overview", role: "viewer", partners: "subAffiliates", carry: PERIOD },
      { href: "/invitees", key: "invitees", role: "viewer", partners: "invitees", carry: TZ },
      { href: "/cohorts", key: "cohorts", role: "viewer", partners: "invitees", carry: PERIOD },
      { href: "/value", key: "value", role: "viewer", partners: "invitees", carry: PERIOD },
      { href: "/referrals", key: "referrals", role: "viewer", carry: [] },
      { href: "/sub-affiliates", key: "subAffiliates", role: "viewer", partners: "subAffiliates", carry: PERIOD },
      { href: "/transfers", key: "transfers", role: "viewer", carry: TZ },
      { href: "/alerts", key: "alerts", role: "viewer", carry: [] },
      { href: "/risk", key: "risk", role: "viewer", carry: [] },
    ],
  },
  {
    id: "reference",
    items: [
      { href: "/markets", key: "markets", role: "viewer", partners: "open", carry: [] },
      { href: "/coins", key: "coins", role: "viewer", partners: "open", carry: [] },
    ],
  },
  {
    id: "trading",
    items: [
      { href: "/orders", key: "orders", role: "trader", carry: TZ },
      { href: "/trading", key: "trading", role: "trader", carry: [] },
    ],
  },
  {
    id: "administration",
    items: [
      { href: "/admin/users", key: "users", role: "admin", carry: [] },
      { href: "/admin/audit", key: "audit", role: "admin", carry: TZ },
      { href: "/admin/sync", key: "sync", role: "admin", carry: [] },
    ],
  },
  {
    id: "api",
    items: [{ href: "/settings/tokens", key: "tokens", role: "viewer", partners: "open", carry: [] }],
  },
];

/** A nav link's href with the carried keys copied from the current query string. */
export function navHref(item: NavItem, current: URLSearchParams): string {
  const sp = new URLSearchParams();
  for (const k of item.carry) {
    const v = current.get(k);
    if (v) sp.set(k, v);
  }
  const q = sp.toString();
  return q ? `${item.href}?${q}` : item.href;
}

export function isActive(item: NavItem, pathname: string): boolean {
  return item.href === "/" ? pathname === "/" : pathname === item.href || pathname.startsWith(`${item.href}/`);
}
