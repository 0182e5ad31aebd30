import type { Role } from "@/lib/contract/roles";

export interface NavItem {
  href: string;
  label: string;
  role: Role;
  /** URL state this page understands, carried along from the current URL */
  carry: readonly string[];
}

const PERIOD = ["period", "from", "to", "granularity", "tz", "compare", "compareStart", "compareEnd"] as const;
const TZ = ["tz"] as const;

export const NAV_SECTIONS: ReadonlyArray<{ title: string; items: readonly NavItem[] }> = [
  {
    title: "Affiliate",
    items: [
      { href: "/", label: "Overview", role: "viewer", carry: PERIOD },
      { href: "/invitees", label: "Invited users", role: "viewer", carry: TZ },
      { href: "/cohorts", label: "Cohorts & codes", role: "viewer", carry: PERIOD },
      { href: "/sub-affiliates", label: "Sub-affiliates", role: "viewer", carry: PERIOD },
      { href: "/transfers", label: "Internal transfers", role: "viewer", carry: TZ },
      { href: "/alerts", label: "Alerts", role: "viewer", carry: [] },
    ],
  },
  {
    title: "Reference",
    items: [
      { href: "/markets", label: "Markets", role: "viewer", carry: [] },
      { href: "/coins", label: "Coins", role: "viewer", carry: [] },
    ],
  },
  {
    title: "Trading",
    items: [
      { href: "/orders", label: "Spot orders", role: "trader", carry: TZ },
      { href: "/trading", label: "Place orders", role: "trader", carry: [] },
    ],
  },
  {
    title: "Administration",
    items: [
      { href: "/admin/users", label: "Users", role: "admin", carry: [] },
      { href: "/admin/audit", label: "Audit log", role: "admin", carry: TZ },
      { href: "/admin/sync", label: "Archive sync", role: "admin", carry: [] },
    ],
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
