/**
 * A share link's filters are its scope, through HTTP on a server of its own with the archive
 * syncing (an invitee's invite code is the archive's mapping): a reader of a link to "invite
 * code C, last 30 days" who drops the code or widens the period gets a 403 naming the field,
 * may change only presentation (sort, page, page size, zone), reads commission records of
 * C's invitees only, and no other invitee's assets; a partner's link keeps the scope the
 * partner had when making it; readers' exports take the link's own turn, not their creator's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api as rawApi, login, type ApiInit } from "./helpers";
import { patiently } from "./patient";
import { startStack, stopStack, untilSynced, type Stack } from "./stack";
import { DAY_MS } from "../../lib/time/calendar";

const HEADER = "x-share-token";
const H = 3_600_000;
const PASSWORD = "partner-password";
const stamp = Date.now().toString(36);

let stack: Stack;
let admin: string;
const api = <T>(path: string, init: ApiInit = {}) => patiently(() => rawApi<T>(path, { ...init, base: stack.base }));

interface Invitee {
  uid: string;
  inviteCode: string | null;
}
interface ErrorBody {
  error: { code: string; message: string; fields?: { path: string; message: string }[] };
}

/** "Last 30 days" in a zone `offsetH` hours east of UTC, as the view resolves it now. */
function last30(offsetH = 0): { startTime: number; endTime: number } {
  const off = offsetH * H;
  const today = Math.floor((Date.now() + off) / DAY_MS) * DAY_MS;
  return { startTime: today - 29 * DAY_MS - off, endTime: today + DAY_MS - 1 - off };
}
const rangeOf = (r: { startTime: number; endTime: number }) => `startTime=${r.startTime}&endTime=${r.endTime}`;
const inAnHour = () => new Date(Date.now() + H).toISOString();
const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;

async function share(cookie: string, body: Record<string, unknown>): Promise<{ headers: Record<string, string> }> {
  const r = await api<{ url: string }>("/api/share-links", { cookie, method: "POST", body });
  expect(r.status, r.text).toBe(201);
  return { headers: { [HEADER]: tokenOf(r.json.url) } };
}

/** A 403 naming exactly `fields`. */
async function refused(path: string, headers: Record<string, string>, fields: string[]): Promise<ErrorBody> {
  const r = await api<ErrorBody>(path, { headers });
  expect(r.status, `${path}: ${r.text.slice(0, 300)}`).toBe(403);
  expect(r.json.error.fields?.map((f) => f.path), path).toEqual(fields);
  return r.json;
}

/** Every invitee the archive holds (registered within the year), by the admin. */
async function archivedInvitees(): Promise<Invitee[]> {
  const out: Invitee[] = [];
  const year = `startTime=${Date.now() - 360 * DAY_MS}&endTime=${Date.now()}`;
  for (let page = 1; ; page++) {
    const r = await api<{ items: Invitee[]; hasNextPage: boolean }>(`/api/affiliate/invitees?${year}&source=archive&page=${page}&pageSize=100`, { cookie: admin });
    expect(r.status, r.text).toBe(200);
    out.push(...r.json.items);
    if (!r.json.hasNextPage) return out;
  }
}

let invitees: Invitee[];
let code: string;
let otherCode: string;
let mine: Set<string>;

beforeAll(async () => {
  stack = await startStack({ scale: 0.05, unlimited: true, env: { ARCHIVE_SYNC: "on", ARCHIVE_SUB_AFFILIATE_DAYS: "7", ARCHIVE_COMMISSION_DAYS: "60" } });
  admin = await login("admin", "demo", { base: stack.base });
  await untilSynced(stack.base, admin, ["commissions", "inviteeTotals", "invitees"]);
  invitees = await archivedInvitees();
  // the code with the most invitees, and another
  const counts = new Map<string, number>();
  for (const i of invitees) if (i.inviteCode) counts.set(i.inviteCode, (counts.get(i.inviteCode) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1]).map(([c]) => c);
  expect(ranked.length, "the simulator's invite codes").toBeGreaterThanOrEqual(2);
  [code, otherCode] = [ranked[0]!, ranked[1]!];
  mine = new Set(invitees.filter((i) => i.inviteCode === code).map((i) => i.uid));
}, 300_000);

afterAll(async () => {
  await stopStack(stack ?? {});
});

describe("a share link's filters are its scope", () => {
  it("a reader of a code and period link cannot drop the code or widen the period (403 naming the field), and may change presentation", async () => {
    const { headers } = await share(admin, { page: "value", query: `period=30d&inviteCode=${encodeURIComponent(code)}`, expiresAt: inAnHour(), allowExport: true });
    const period = last30();
    const value = `/api/affiliate/invitees/value?${rangeOf(period)}`;
    const c = `inviteCode=${encodeURIComponent(code)}`;

    const ok = await api<{ items: { uid: string; inviteCode: string | null }[] }>(`${value}&${c}`, { headers });
    expect(ok.status, ok.text).toBe(200);
    for (const row of ok.json.items) expect(row.inviteCode).toBe(code);

    await refused(value, headers, ["inviteCode"]);
    await refused(`${value}&inviteCode=${encodeURIComponent(otherCode)}`, headers, ["inviteCode"]);
    await refused(`/api/affiliate/invitees/value/export?${rangeOf(period)}`, headers, ["inviteCode"]);
    const wider = await refused(`/api/affiliate/invitees/value?startTime=${period.startTime - 30 * DAY_MS}&endTime=${period.endTime}&${c}`, headers, ["startTime"]);
    // the period is resolved at this request: today's "last 30 days"
    expect(wider.error.message + JSON.stringify(wider.error.fields)).toContain(new Date(period.startTime).toISOString());
    await refused(`/api/affiliate/invitees/value?startTime=${period.startTime}&endTime=${period.endTime + 2 * DAY_MS}&${c}`, headers, ["endTime"]);

    // presentation: sort, page, page size; the comparison period; another zone's "last 30 days"
    for (const [path, extra] of [
      [`${value}&${c}&sort=deposits&page=2&pageSize=10`, {}],
      [`/api/affiliate/invitees/value?startTime=${period.startTime - 30 * DAY_MS}&endTime=${period.startTime - 1}&${c}`, {}],
      [`/api/affiliate/invitees/value?${rangeOf(last30(8))}&${c}`, { "x-share-tz": "Asia/Shanghai" }],
      [`/api/affiliate/commissions/series?${rangeOf(last30(8))}&granularity=week&tz=Asia/Shanghai`, {}],
    ] as const) {
      const r = await api(path, { headers: { ...headers, ...extra } });
      expect(r.status, `${path}: ${r.text.slice(0, 300)}`).toBe(200);
    }
    // …but Shanghai's "last 30 days" asked in UTC is not UTC's (8 hours early, or a day late after 16:00 UTC)
    const shifted = await api<ErrorBody>(`/api/affiliate/invitees/value?${rangeOf(last30(8))}&${c}`, { headers });
    expect(shifted.status, shifted.text).toBe(403);
    expect(shifted.json.error.fields?.length).toBe(1);
    expect(["startTime", "endTime"]).toContain(shifted.json.error.fields?.[0]?.path);
  });

  it("gives a value link's reader the commission records of its code's invitees only, and no other invitee's assets", async () => {
    const { headers } = await share(admin, { page: "value", query: `period=30d&inviteCode=${encodeURIComponent(code)}`, expiresAt: inAnHour() });
    const period = rangeOf(last30());
    // (the admin's records of the period include other codes' invitees: the link's must not)
    const all = await api<{ items: { uid: string }[] }>(`/api/affiliate/commissions?${period}&source=archive&pageSize=100`, { cookie: admin });
    expect(all.status, all.text).toBe(200);
    expect(all.json.items.some((r) => !mine.has(r.uid)), "other invitees' records exist").toBe(true);
    const records = await api<{ items: { uid: string }[] }>(`/api/affiliate/commissions?${period}&source=archive&pageSize=100`, { headers });
    expect(records.status, records.text).toBe(200);
    expect(records.json.items.length).toBeGreaterThan(0);
    for (const r of records.json.items) expect(mine.has(r.uid), r.uid).toBe(true);

    const outside = invitees.find((i) => i.inviteCode === otherCode)!;
    const inside = invitees.find((i) => i.inviteCode === code)!;
    await refused(`/api/affiliate/commissions?${period}&uid=${outside.uid}`, headers, ["uid"]);
    await refused(`/api/affiliate/invitees/${outside.uid}/assets`, headers, ["uid"]);
    // an invitee the archive does not hold: only a live read could say whose, so refused in words
    const unknown = await refused(`/api/affiliate/invitees/99999999999/assets`, headers, ["uid"]);
    expect(unknown.error.fields![0]!.message).toMatch(/archive does not hold/);
    // the list of every invitee is not the value view's: it reads one invitee's row
    await refused(`/api/affiliate/invitees?pageSize=100&source=archive`, headers, ["inviteCode", "uid"]);
    const row = await api<{ items: Invitee[] }>(`/api/affiliate/invitees?uid=${inside.uid}&pageSize=1&source=archive`, { headers });
    expect(row.status, row.text).toBe(200);
    const assets = await api(`/api/affiliate/invitees/${inside.uid}/assets`, { headers });
    expect(assets.status, assets.text).toBe(200);
  });

  it("keeps a partner's link to the scope they had when making it, after they are made a viewer", async () => {
    const who = `share-scope-${stamp}`;
    const made = await api<{ user: { id: string } }>("/api/admin/users", { cookie: admin, method: "POST", body: { username: who, password: PASSWORD, role: "partner", scope: { inviteCodes: [code] } } });
    expect(made.status, made.text).toBe(201);
    const partner = await login(who, PASSWORD, { base: stack.base });
    const { headers } = await share(partner, { page: "value", query: "period=30d", expiresAt: inAnHour() });
    const path = `/api/affiliate/invitees/value?${rangeOf(last30())}&source=archive&pageSize=100`;
    const codesOf = async () => {
      const r = await api<{ items: { inviteCode: string | null }[] }>(path, { headers });
      expect(r.status, r.text).toBe(200);
      return new Set(r.json.items.map((i) => i.inviteCode));
    };
    expect(await codesOf()).toEqual(new Set([code]));
    const changed = await api(`/api/admin/users/${made.json.user.id}`, { cookie: admin, method: "PATCH", body: { role: "viewer" } });
    expect(changed.status, changed.text).toBe(200);
    // (the admin's answer has other codes: the viewer's own view is wider now)
    const wide = await api<{ items: { inviteCode: string | null }[] }>(path, { cookie: admin });
    expect(new Set(wide.json.items.map((i) => i.inviteCode)).size).toBeGreaterThan(1);
    expect(await codesOf()).toEqual(new Set([code]));
    await refused(`${path}&inviteCode=${encodeURIComponent(otherCode)}`, headers, ["inviteCode"]);
  });

  it("gives a link's readers an export turn of their own, not their creator's", async () => {
    const { headers } = await share(admin, { page: "value", expiresAt: inAnHour(), allowExport: true });
    const week = `startTime=${Date.now() - 5 * DAY_MS}&endTime=${Date.now()}`;
    // the creator's export walks WEEX slowly: their turn is taken while it runs
    stack.sim.setFaults({ latencyMs: 4000, endpoints: ["commissions"] });
    try {
      const running = rawApi(`/api/affiliate/commissions/export?${week}&source=live`, { cookie: admin, base: stack.base });
      await new Promise((r) => setTimeout(r, 1000));
      const second = await rawApi(`/api/affiliate/commissions/export?${week}&source=live`, { cookie: admin, base: stack.base });
      expect(second.status, "the creator's turn is taken").toBe(429);
      const reader = await rawApi(`/api/affiliate/commissions/export?${week}&source=archive`, { headers, base: stack.base });
      expect(reader.status, reader.text.slice(0, 300)).toBe(200);
      expect((await running).status).toBe(200);
    } finally {
      stack.sim.setFaults({});
    }
  });
});
