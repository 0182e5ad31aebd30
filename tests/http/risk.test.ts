/**
 * The risk routes over HTTP with real sessions: viewers read the flags and rules, admins review
 * and tune; a partner gets 403, a share link's token 403 (a link made by a viewer and one made by
 * a partner, each opening its own view), and a viewer's change 403; a parameter out of its
 * bounds, an unknown one, and a dismissal without a note are 400s naming the field; a change is
 * audited. (The shared server does not sync: its archive, and so its list, is empty; the flags
 * themselves over HTTP: risk-flags.test.ts.)
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { riskFlagsPageSchema } from "../../lib/contract/risk";
import { DAY_MS } from "../../lib/time/calendar";
import { api, login } from "./helpers";

type ErrorBody = { error: { code: string; fields?: { path: string }[] } };
type Rules = { items: { rule: string; enabled: boolean; params: Record<string, number>; severity: string; subjectType: string; paramSpecs: Record<string, { min?: number; max: number; default: number }> }[] };

let admin = "";
let viewer = "";
let partner = "";
/** share links' tokens: a viewer's link to the cohorts view, a partner's to the invitees view */
const links: { name: string; token: string }[] = [];

beforeAll(async () => {
  admin = await login("admin");
  viewer = await login("viewer");
  const username = `risk-partner-${randomBytes(3).toString("hex")}`;
  const made = await api("/api/admin/users", { cookie: admin, method: "POST", body: { username, password: "partner-password", role: "partner", scope: { inviteCodes: ["RISKCODE"] } } });
  expect(made.status, made.text).toBe(201);
  partner = await login(username, "partner-password");
  for (const [name, cookie, page] of [["viewer's", viewer, "cohorts"], ["partner's", partner, "invitees"]] as const) {
    const made = await api<{ url: string }>("/api/share-links", { cookie, method: "POST", body: { page, allowExport: true, expiresAt: new Date(Date.now() + DAY_MS).toISOString() } });
    expect(made.status, made.text).toBe(201);
    links.push({ name, token: new URL(made.json.url).pathname.split("/").pop()! });
  }
});

/** Every risk route with a sample request each (a change's body valid, so only who asks decides). */
const RISK_ROUTES: { method: string; path: string; body?: unknown }[] = [
  { method: "GET", path: "/api/risk/flags" },
  { method: "GET", path: "/api/risk/flags/export" },
  { method: "GET", path: "/api/risk/rules" },
  { method: "PATCH", path: "/api/risk/flags/1", body: { state: "confirmed" } },
  { method: "PATCH", path: "/api/risk/rules/churn", body: { enabled: true } },
];

const fields = (body: ErrorBody) => (body.error.fields ?? []).map((f) => f.path);

describe("risk routes", () => {
  it("lets a viewer read the flags in the list shape and the rules with their bounds", async () => {
    const flags = await api<{ items: unknown[]; page: number; pageSize: number; total: number; pages: number; hasNextPage: boolean }>("/api/risk/flags?state=open&pageSize=20", { cookie: viewer });
    expect(flags.status, flags.text).toBe(200);
    expect(flags.json).toMatchObject({ page: 1, pageSize: 20, hasNextPage: false });
    expect(Array.isArray(flags.json.items)).toBe(true);
    // the contract's answer: counts per severity, the commission at risk (by default the last 30 UTC days up to now)
    const page = riskFlagsPageSchema.parse(flags.json);
    expect(page.counts).toEqual({ high: 0, medium: 0, low: 0 });
    expect(page.atRisk).toMatchObject({ invitees: [], subAffiliates: [] });
    expect(page.atRisk.to - page.atRisk.from).toBeGreaterThanOrEqual(29 * DAY_MS);
    expect(page.atRisk.from % DAY_MS).toBe(0);
    const csv = await api("/api/risk/flags/export?state=open", { cookie: viewer });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.text.replace(/^\uFEFF/, "").trim()).toBe("id,summary,subjectType,subject,rule,severity,state,firstSeenAt,lastSeenAt,evidenceJson,note,resolvedBy,resolvedAt");
    const reversed = await api<ErrorBody>(`/api/risk/flags?startTime=${Date.now()}&endTime=${Date.now() - DAY_MS}`, { cookie: viewer });
    expect(reversed.status).toBe(400);
    expect(fields(reversed.json)).toEqual(["endTime"]);
    const rules = await api<Rules>("/api/risk/rules", { cookie: viewer });
    expect(rules.status).toBe(200);
    expect(rules.json.items.map((r) => r.rule).sort()).toEqual(["churn", "concentration", "fundedInvitee", "hollowSignups", "inAndOut", "signupBurst", "subSpike", "twinDeposits"]);
    expect(rules.json.items.find((r) => r.rule === "churn")).toMatchObject({ severity: "medium", subjectType: "invitee", paramSpecs: { days: { min: 1, max: 90, default: 30 } } });
  });

  it("answers 403 to a partner on every risk route and to a viewer's change", async () => {
    for (const r of RISK_ROUTES) {
      const res = await api<ErrorBody>(r.path, { cookie: partner, method: r.method, body: r.body });
      expect(res.status, `${r.method} ${r.path}`).toBe(403);
      expect(res.json.error.code).toBe("forbidden");
    }
    expect((await api("/api/risk/flags/1", { cookie: viewer, method: "PATCH", body: { state: "confirmed" } })).status).toBe(403);
    expect((await api("/api/risk/rules/churn", { cookie: viewer, method: "PATCH", body: { enabled: false } })).status).toBe(403);
  });

  it("answers 403 to a share link's token on every risk route, though the link opens its own view", async () => {
    for (const link of links) {
      const headers = { "x-share-token": link.token };
      // (the link opens: a route every view reads answers it)
      expect((await api("/api/archive/status", { headers })).status, `${link.name} link`).toBe(200);
      for (const r of RISK_ROUTES) {
        const res = await api<ErrorBody>(r.path, { headers, method: r.method, body: r.body });
        expect(res.status, `${link.name} link: ${r.method} ${r.path} ${res.text.slice(0, 200)}`).toBe(403);
        expect(res.json.error.code).toBe("forbidden");
      }
    }
  });

  it("refuses a parameter out of its bounds or unknown, naming the field, and a dismissal without a note", async () => {
    const out = await api<ErrorBody>("/api/risk/rules/churn", { cookie: admin, method: "PATCH", body: { params: { days: 91 } } });
    expect(out.status).toBe(400);
    expect(fields(out.json)).toEqual(["params.days"]);
    const unknown = await api<ErrorBody>("/api/risk/rules/subSpike", { cookie: admin, method: "PATCH", body: { params: { colour: 1 } } });
    expect(unknown.status).toBe(400);
    expect(fields(unknown.json)).toEqual(["params.colour"]);
    const badFilter = await api<ErrorBody>("/api/risk/flags?severity=extreme", { cookie: viewer });
    expect(badFilter.status).toBe(400);
    expect(fields(badFilter.json)).toEqual(["severity"]);
    const noNote = await api<ErrorBody>("/api/risk/flags/1", { cookie: admin, method: "PATCH", body: { state: "dismissed" } });
    expect(noNote.status).toBe(400);
    expect(fields(noNote.json)).toEqual(["note"]);
    expect((await api("/api/risk/flags/999999999", { cookie: admin, method: "PATCH", body: { state: "dismissed", note: "checked" } })).status).toBe(404);
  });

  it("lets an admin tune a rule, keeps it, and audits the change", async () => {
    const changed = await api<{ rule: { rule: string; params: Record<string, number> } }>("/api/risk/rules/hollowSignups", { cookie: admin, method: "PATCH", body: { params: { minCount: 60 } } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.rule.params).toEqual({ minCount: 60, maxKycPercent: 5 });
    const rules = await api<Rules>("/api/risk/rules", { cookie: viewer });
    expect(rules.json.items.find((r) => r.rule === "hollowSignups")!.params.minCount).toBe(60);
    const log = await api<{ items: { action: string; detail: { rule?: string } }[] }>("/api/admin/audit?action=risk.rule.update&pageSize=5", { cookie: admin });
    expect(log.json.items[0]).toMatchObject({ action: "risk.rule.update", detail: { rule: "hollowSignups" } });
    await api("/api/risk/rules/hollowSignups", { cookie: admin, method: "PATCH", body: { params: { minCount: 50 } } });
  });
});
