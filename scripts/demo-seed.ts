/**
 * What `npm run demo` adds to a fresh demo database once the dashboard answers, so a
 * newcomer sees the parts that otherwise start empty:
 *
 * - an example **partner** (`partner`, password `demo-partner`: the admin API holds it to the
 *   password rules, which "demo" does not meet), scoped to two of the simulator's busiest
 *   sub-affiliates and its most used invite code of the last 30 days: sign in as them to see a
 *   partner's view (the login page lists them with the demo accounts);
 * - a few example **alert rules** (a sub-affiliate's volume falling, one going quiet, invitees
 *   who stopped trading): they are evaluated on the archive, so they fire once the first backfill
 *   holds the weeks they compare (before that, /alerts says it is waiting for the history).
 *
 * Through the dashboard's own API as the demo admin (audit-logged like any admin's change), and
 * only where the database holds the demo accounts alone (the login page offers them): a real
 * database the demo was pointed at gets nothing. Each part is added once: a partner already
 * there, or any alert rule, is left as it is.
 */
import { DEMO_PARTNER, DEMO_PARTNER_PASSWORD } from "../lib/contract/roles";
import type { Scope } from "../lib/contract/scope";
import type { Dataset } from "../lib/simulator/data";
import { DAY_MS } from "../lib/time/calendar";
import { credentialsSignIn } from "./sign-in";

export { DEMO_PARTNER, DEMO_PARTNER_PASSWORD };
const DEMO_PASSWORD = "demo";

/** The example alert rules (POST /api/alerts/rules bodies; each kind's defaults otherwise). */
export const DEMO_RULES = [
  { name: "Example: a sub-affiliate's volume fell by 40 % or more", kind: "drop", params: { metric: "volume", days: 7, baselineDays: 28, percent: 40 } },
  { name: "Example: a sub-affiliate had no records for 7 days", kind: "silent", params: { days: 7 } },
  { name: "Example: 10 or more invitees stopped trading for 30 days", kind: "dormant", params: { days: 30, count: 10 } },
] as const;

/** Two of the busiest sub-affiliates of the last 30 days and the invite code most used in them. */
export function demoPartnerScope(data: Dataset): Scope {
  const records = [...data.subAffiliates.records.FUTURES, ...data.subAffiliates.records.SPOT];
  const last = Math.max(...records.map((r) => r.day));
  const volume = new Map<string, number>();
  for (const r of records) if (r.day > last - 30) volume.set(r.sub.uid, (volume.get(r.sub.uid) ?? 0) + r.volumeCents);
  const subs = [...volume].sort((a, b) => b[1] - a[1]).slice(0, 2).map(([uid]) => uid);
  const since = data.anchor - 30 * DAY_MS;
  const codes = new Map<string, number>();
  for (const i of data.invitees) if (i.registerTime >= since) codes.set(i.inviteCode, (codes.get(i.inviteCode) ?? 0) + 1);
  const code = [...codes].sort((a, b) => b[1] - a[1])[0]?.[0];
  return { subAffiliateUids: subs.sort(), inviteCodes: code ? [code] : [] };
}

/** A session as the demo admin (next-auth's credentials sign-in), or null when it is refused. */
async function signIn(base: string, username: string, password: string): Promise<string | null> {
  const answer = await credentialsSignIn(base, username, password);
  return answer.signedIn ? answer.cookie : null;
}

async function call<T>(base: string, cookie: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

export interface DemoSeed {
  /** the example partner's scope, when they exist (added now or before) */
  partner: Scope | null;
  /** how many example rules were added now */
  rulesAdded: number;
}

/** Add the example partner and alert rules to the demo at `base` (see above). */
export async function seedDemo(base: string, data: Dataset): Promise<DemoSeed> {
  const cookie = await signIn(base, "admin", DEMO_PASSWORD);
  if (!cookie) throw new Error("the demo admin could not sign in with the demo password");
  // (the rules first: they do not depend on the partner)
  let rulesAdded = 0;
  const rules = await call<{ items: unknown[] }>(base, cookie, "/api/alerts/rules");
  if (rules.status !== 200) throw new Error(`listing the alert rules answered ${rules.status}`);
  if (rules.json.items.length === 0) {
    for (const rule of DEMO_RULES) {
      const made = await call(base, cookie, "/api/alerts/rules", rule);
      if (made.status !== 201) throw new Error(`adding the example rule "${rule.name}" answered ${made.status}: ${JSON.stringify(made.json)}`);
      rulesAdded++;
    }
  }
  const users = await call<{ items: { username: string; role: string; scope: Scope | null }[] }>(base, cookie, "/api/admin/users");
  if (users.status !== 200) throw new Error(`listing the users answered ${users.status}`);
  let partner = users.json.items.find((u) => u.username === DEMO_PARTNER)?.scope ?? null;
  if (!users.json.items.some((u) => u.username === DEMO_PARTNER)) {
    const scope = demoPartnerScope(data);
    const made = await call(base, cookie, "/api/admin/users", { username: DEMO_PARTNER, password: DEMO_PARTNER_PASSWORD, role: "partner", scope });
    if (made.status !== 201) throw new Error(`adding the example partner answered ${made.status}: ${JSON.stringify(made.json)}`);
    partner = scope;
  }
  return { partner, rulesAdded };
}
