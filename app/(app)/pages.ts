/**
 * Every signed-in page in one table: where it lives, the least role that may see it (the routes
 * it calls check it again), and what shows while its view loads. Its title, the sentence under
 * it, what a lower role is told and the skeleton's label are in the `pages` catalogue under the
 * same key (messages/<locale>/pages.json: entries.<key>, loading.<key>). Each page.tsx names its
 * entry and its view: definePage("subAffiliates", …).
 */
import type { PagePartners, Role } from "@/lib/contract/roles";

export interface PageEntry {
  path: string;
  role: Role;
  /** what a partner may open (roles.ts `mayOpen`): the scope the page's routes answer; absent: not for partners */
  partners?: PagePartners;
  /** the skeleton while the view (which reads its URL in the browser) loads, labelled by pages.loading.<key>; none: no Suspense boundary */
  loading?: "table" | "chart" | "blank";
}

export const PAGES = {
  overview: { path: "/", role: "viewer", partners: "subAffiliates", loading: "chart" },
  invitees: { path: "/invitees", role: "viewer", partners: "invitees", loading: "table" },
  cohorts: { path: "/cohorts", role: "viewer", partners: "invitees", loading: "table" },
  value: { path: "/value", role: "viewer", partners: "invitees", loading: "table" },
  referrals: { path: "/referrals", role: "viewer", loading: "table" },
  subAffiliates: { path: "/sub-affiliates", role: "viewer", partners: "subAffiliates", loading: "table" },
  transfers: { path: "/transfers", role: "viewer", loading: "table" },
  markets: { path: "/markets", role: "viewer", partners: "open", loading: "table" },
  coins: { path: "/coins", role: "viewer", partners: "open", loading: "table" },
  orders: { path: "/orders", role: "trader", loading: "table" },
  trading: { path: "/trading", role: "trader" },
  alerts: { path: "/alerts", role: "viewer" },
  // risk is the manager's view: never a partner's (no `partners`) nor a share link's
  risk: { path: "/risk", role: "viewer", loading: "table" },
  users: { path: "/admin/users", role: "admin" },
  audit: { path: "/admin/audit", role: "admin", loading: "blank" },
  sync: { path: "/admin/sync", role: "admin" },
  // (a partner makes tokens too: theirs act as the partner, scope and all)
  tokens: { path: "/settings/tokens", role: "viewer", partners: "open" },
} as const satisfies Record<string, PageEntry>;

export type PageKey = keyof typeof PAGES;
