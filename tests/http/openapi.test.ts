/**
 * The API described: GET /api/openapi.json as served, validated by a maintained
 * validator and compared with the route files on disk; the examples of its introduction run as
 * written (curl, Python) with a real token against this server; the API reference page and its
 * renderer, served by the dashboard itself.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileErrors, validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_IN_API } from "../../lib/contract/api-routes";
import { api, baseUrl, login, retryingConnection } from "./helpers";
import { routeFiles } from "./route-files";
import { DAY_MS } from "../../lib/time/calendar";

type Doc = { openapi: string; servers: { url: string }[]; info: { description: string }; paths: Record<string, Record<string, { "x-role": string }>> };

let doc: Doc;
let token: string;
let dir: string;

beforeAll(async () => {
  const res = await api<Doc>("/api/openapi.json");
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  doc = res.json;
  const viewer = await login("viewer");
  const made = await api<{ token: string }>("/api/tokens", { cookie: viewer, method: "POST", body: { name: "examples", expiresAt: Date.now() + DAY_MS } });
  expect(made.status, made.text).toBe(201);
  token = made.json.token;
  dir = mkdtempSync(join(tmpdir(), "weex-examples-"));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The code block of `lang` under the heading `heading` in the document's introduction. */
function example(heading: string, lang: string): string {
  const section = doc.info.description.split(/^## /m).find((s) => s.startsWith(heading));
  const m = section && new RegExp("```" + lang + "\\n([\\s\\S]*?)\\n```").exec(section);
  if (!m) throw new Error(`no ${lang} example under "${heading}"`);
  return m[1]!;
}

const has = (cmd: string) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document (@readme/openapi-parser) for this server, needing no credential", async () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers[0]!.url).toBe(baseUrl());
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });

  it("lists every route file under app/api with each method it exports", () => {
    const missing: string[] = [];
    for (const f of routeFiles()) {
      const path = `/api/${f.key}`;
      if (path in NOT_IN_API) continue;
      const item = doc.paths[path.replace(/\[([^\]]+)\]/g, "{$1}")];
      for (const m of f.methods) if (!item?.[m.toLowerCase()]) missing.push(`${m} ${path}`);
    }
    expect(missing).toEqual([]);
  });
});

describe("the examples of the API document", () => {
  it.skipIf(!has("curl"))("curl: a page of invitees and a CSV export, with the token from the environment", () => {
    const r = spawnSync("bash", ["-euo", "pipefail", "-c", example("curl", "sh")], { cwd: dir, env: { ...process.env, WEEX_DASHBOARD_TOKEN: token }, encoding: "utf8", timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ items: expect.any(Array), pageSize: 20 });
    const csv = join(dir, "invitees.csv");
    expect(existsSync(csv)).toBe(true);
    expect(readFileSync(csv, "utf8").replace(/^\uFEFF/, "").split("\r\n")[0]).toContain("uid");
  });

  it.skipIf(!has("python3"))("Python: pages through the invitees of the last 30 days", () => {
    const r = spawnSync("python3", ["-c", example("Python", "python")], { cwd: dir, env: { ...process.env, WEEX_DASHBOARD_TOKEN: token }, encoding: "utf8", timeout: 240_000 });
    expect(r.status, r.stderr).toBe(0);
    const n = Number(/^(\d+) invitees$/m.exec(r.stdout)?.[1]);
    expect(n).toBeGreaterThan(100);
  });

  it("Google Sheets: IMPORTDATA of an export URL, with a token made for URLs in it", () => {
    expect(example("Google Sheets", "")).toMatch(/^=IMPORTDATA\(".*\/api\/affiliate\/sub-affiliates\/export\?.*&access_token=wxd_…"\)$/);
  });
});

describe("/docs/api", () => {
  it("asks for a sign-in, then renders the document with the renderer the dashboard serves itself", async () => {
    // (plain GETs, repeated when a kept-alive connection the server closed as idle fails: the
    // examples before this may have left one idle for longer than the server keeps it)
    const anonymous = await retryingConnection(() => fetch(`${baseUrl()}/docs/api`, { redirect: "manual" }));
    await anonymous.body?.cancel();
    expect([302, 307]).toContain(anonymous.status);
    const cookie = await login("viewer");
    const page = await retryingConnection(() => fetch(`${baseUrl()}/docs/api`, { headers: { cookie } }));
    expect(page.status).toBe(200);
    const html = await page.text();
    const script = /\/docs\/api\/renderer\.js\?v=[\w.-]+/.exec(html)?.[0];
    expect(script, "the renderer's URL in the page").toBeDefined();

    const renderer = await retryingConnection(() => fetch(`${baseUrl()}${script}`));
    expect(renderer.status).toBe(200);
    expect(renderer.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(renderer.headers.get("cache-control")).toContain("immutable");
    expect(await renderer.text()).toContain("createApiReference");
  });
});
