/**
 * The risk routes over HTTP with real sessions: viewers read the flags and rules, admins review
 * and tune; a partner gets 403 and a viewer's change 403; a parameter out of its bounds, an
 * unknown one, and a dismissal without a note are 400s naming the field; a change is audited.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, login } from "./helpers";

type ErrorBody = { error: { code: string; fields?: { path: string }[] } };
type Rules = { items: { rule: string; enabled: boolean; params: Record<string, number>; severity: string; subjectType: string; paramSpecs: Record<string, { min?: number; max: number; default: number }> }[] };

let admin = "";
let viewer = "";
let partner = "";

beforeAll(async () => {
  admin = await login("admin");
  viewer = await login("viewer");
  const username = `risk-partner-${randomBytes(3).toString("hex")}`;
  const made = await api("/api/admin/users", { cookie: admin, method: "POST", body: { username, password: "partner-password", role: "partner", scope: { inviteCodes: ["RISKCODE"] } } });
  expect(made.status, made.text).toBe(201);
  partner = await login(username, "partner-password");
});

const fields = (body: ErrorBody) => (body.error.fields ?? []).map((f) => f.path);

describe("risk routes", () => {
  it("lets a viewer read the flags in the list shape and the rules with their bounds", async () => {
    const flags = await api<{ items: unknown[]; page: number; pageSize: number; total: number; pages: number; hasNextPage: boolean }>("/api/risk/flags?state=open&pageSize=20", { cookie: viewer });
    expect(flags.status, flags.text).toBe(200);
    expect(flags.json).toMatchObject({ page: 1, pageSize: 20, hasNextPage: false });
    expect(Array.isArray(flags.json.items)).toBe(true);
    const rules = await api<Rules>("/api/risk/rules", { cookie: viewer });
    expect(rules.status).toBe(200);
    expect(rules.json.items.map((r) => r.rule).sort()).toEqual(["churn", "concentration", "fundedInvitee", "hollowSignups", "inAndOut", "signupBurst", "subSpike", "twinDeposits"]);
    expect(rules.json.items.find((r) => r.rule === "churn")).toMatchObject({ severity: "medium", subjectType: "invitee", paramSpecs: { days: { min: 1, max: 90, default: 30 } } });
  });

  it("answers 403 to a partner on every risk route and to a viewer's change", async () => {
    for (const path of ["/api/risk/flags", "/api/risk/rules"]) expect((await api(path, { cookie: partner })).status, path).toBe(403);
    expect((await api("/api/risk/flags/1", { cookie: viewer, method: "PATCH", body: { state: "confirmed" } })).status).toBe(403);
    expect((await api("/api/risk/rules/churn", { cookie: viewer, method: "PATCH", body: { enabled: false } })).status).toBe(403);
    expect((await api("/api/risk/rules/churn", { cookie: partner, method: "PATCH", body: { enabled: false } })).status).toBe(403);
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
