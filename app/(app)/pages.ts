/**
 * Every signed-in page in one table: where it lives, its title and the sentence under it, the
 * least role that may see it (the routes it calls check it again), what a lower role is told,
 * and what shows while its view loads. Each page.tsx names its entry and its view:
 * definePage("subAffiliates", …).
 */
import type { Role } from "@/lib/contract/roles";

export interface PageEntry {
  path: string;
  /** the `<title>` before " · WEEX Affiliate", and the h1 */
  title: string;
  description: string;
  role: Role;
  /** what the page does, for the 403 notice ("Querying spot orders needs the trader role"); default the title */
  what?: string;
  /** the skeleton while the view (which reads its URL in the browser) loads; none: no Suspense boundary */
  loading?: { kind: "table" | "chart"; label: string } | "blank";
}

export const PAGES = {
  overview: {
    path: "/",
    title: "Overview",
    description:
      "How your network did in the period: volume, fees and commission by product, the invitee funnel and your top sub-affiliates, each against the period before.",
    role: "viewer",
    loading: { kind: "chart", label: "Loading overview" },
  },
  invitees: {
    path: "/invitees",
    title: "Invited users",
    description: "Users who registered with your invitation codes and how far each got: KYC, first deposit, first trade.",
    role: "viewer",
    loading: { kind: "table", label: "Loading invited users" },
  },
  cohorts: {
    path: "/cohorts",
    title: "Cohorts & invite codes",
    description: "When the people you invited convert, which invite codes bring people who trade, and how long they take to their first trade.",
    role: "viewer",
    loading: { kind: "table", label: "Loading cohorts" },
  },
  subAffiliates: {
    path: "/sub-affiliates",
    title: "Sub-affiliates",
    description: "Daily trading volume, net trading fee and paid commission of your sub-affiliates, with a trend per sub-affiliate and a CSV export.",
    role: "viewer",
    loading: { kind: "table", label: "Loading sub-affiliates" },
  },
  transfers: {
    path: "/transfers",
    title: "Internal transfers",
    description: "Transfers between WEEX accounts (internal withdrawals) of the past month, with their status.",
    role: "viewer",
    loading: { kind: "table", label: "Loading internal transfers" },
  },
  markets: {
    path: "/markets",
    title: "Markets",
    description: "WEEX spot trading pairs: status, precision, price and quantity steps, order limits and fee rates.",
    role: "viewer",
    loading: { kind: "table", label: "Loading trading pairs" },
  },
  coins: {
    path: "/coins",
    title: "Coins",
    description: "Coins and their networks: withdrawal fees and minimums, deposit confirmations, and what is enabled.",
    role: "viewer",
    loading: { kind: "table", label: "Loading coins" },
  },
  orders: {
    path: "/orders",
    title: "Spot orders",
    description: "Find one spot order by its ID, or list the orders of a trading pair.",
    role: "trader",
    what: "Querying spot orders",
    loading: { kind: "table", label: "Loading spot orders" },
  },
  trading: {
    path: "/trading",
    title: "Place orders",
    description:
      "Contract orders and TP/SL plan orders. Every request is checked here first, shown to you exactly as it will be sent, and sent once: nothing is retried automatically.",
    role: "trader",
    what: "Placing and modifying orders",
  },
  alerts: {
    path: "/alerts",
    title: "Alerts",
    description:
      "Sub-affiliates that stop trading or earn less, invitees going dormant, daily totals: fired once per episode, delivered by webhook or email, plus scheduled reports.",
    role: "viewer",
  },
  users: {
    path: "/admin/users",
    title: "Users",
    description: "Who can sign in, and with which role: viewer (reports), trader (+ orders), admin (+ users, audit log, archive).",
    role: "admin",
    what: "User management",
  },
  audit: {
    path: "/admin/audit",
    title: "Audit log",
    description: "Sign-ins, order placements and changes, and user management: who, when, from where, and what came of it.",
    role: "admin",
    what: "The audit log",
    loading: "blank",
  },
  sync: {
    path: "/admin/sync",
    title: "Archive sync",
    description:
      "The dashboard keeps its own copy of your sub-affiliate records, invited users and internal transfers: charts draw from it in milliseconds, and it keeps what WEEX forgets (transfers after a month, invitees after a year). It syncs every minute.",
    role: "admin",
    what: "The archive sync",
  },
} as const satisfies Record<string, PageEntry>;

export type PageKey = keyof typeof PAGES;
