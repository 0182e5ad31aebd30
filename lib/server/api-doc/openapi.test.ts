import { compileErrors, validate } from "@readme/openapi-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { API_ROUTES, NOT_IN_API } from "@/lib/contract/api-routes";
import { resetConfigForTests } from "@/lib/config/config";
import { routeFiles } from "../../../tests/http/route-files";
import { openApiDocument, openApiPath } from "./openapi";

type Doc = { paths: Record<string, Record<string, { parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[]; security: unknown[]; requestBody?: unknown; responses: Record<string, unknown>; "x-role": string; "x-session-only"?: boolean; "x-token-write"?: boolean }>> };

let doc: Doc;

beforeAll(() => {
  process.env.WEEX_MODE = "demo";
  resetConfigForTests();
  doc = openApiDocument("https://dashboard.example.com") as unknown as Doc;
});

describe("the API document", () => {
  it("is valid OpenAPI 3.1 by a maintained validator (@readme/openapi-parser)", async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });

  it("has every route file under app/api and each method it exports, and nothing else", () => {
    const files = routeFiles();
    expect(files.length).toBeGreaterThan(30);
    const onDisk = new Set<string>();
    for (const f of files) {
      const path = `/api/${f.key}`;
      if (path in NOT_IN_API) continue;
      for (const m of f.methods) {
        onDisk.add(`${m} ${path}`);
        expect(doc.paths[openApiPath(path)]?.[m.toLowerCase()], `${m} ${path} (app/api/${f.key}/route.ts) is not in lib/contract/api-routes.ts`).toBeDefined();
      }
    }
    const documented = Object.entries(API_ROUTES).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m} ${path}`));
    expect(documented.sort()).toEqual([...onDisk].sort());
  });

  it("lists a composed query's fields as parameters (paging, source, the filters), required only without a default", () => {
    const params = doc.paths["/api/affiliate/invitees"]!.get!.parameters!;
    const byName = Object.fromEntries(params.map((p) => [p.name, p]));
    expect(Object.keys(byName)).toEqual(expect.arrayContaining(["uid", "startTime", "endTime", "page", "pageSize", "source", "stage", "inviteCode"]));
    expect(byName.pageSize).toMatchObject({ in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 100, default: 50 } });
    expect(byName.source!.schema).toMatchObject({ enum: ["auto", "archive", "live"] });
    const funnel = Object.fromEntries(doc.paths["/api/affiliate/invitees/funnel"]!.get!.parameters!.map((p) => [p.name, p.required]));
    expect(funnel).toMatchObject({ startTime: true, endTime: true, source: false });
    expect(doc.paths["/api/tokens/{id}"]!.delete!.parameters).toEqual([expect.objectContaining({ name: "id", in: "path", required: true })]);
  });

  it("says how each operation authenticates: tokens for every GET, write for changes, sessions only for making tokens, URL tokens on exports", () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const schemes = op.security.flatMap((s) => Object.keys(s as object));
        if (op["x-role"] === "public") {
          expect(schemes, `${method} ${path}`).toEqual([]);
          continue;
        }
        expect(schemes, `${method} ${path}`).toContain("sessionCookie");
        expect(schemes.includes("apiToken"), `${method} ${path}`).toBe(!op["x-session-only"]);
        expect(schemes.includes("urlToken"), `${method} ${path}`).toBe(path.endsWith("/export"));
        expect(op["x-token-write"] === true, `${method} ${path}`).toBe(method !== "get");
        expect(op.responses["401"], `${method} ${path}`).toBeDefined();
      }
    }
    expect(doc.paths["/api/tokens"]!.post!["x-session-only"]).toBe(true);
    expect(doc.paths["/api/affiliate/invitees/export"]!.get!.responses["200"]).toMatchObject({ content: { "text/csv": {} } });
  });

  it("documents the bodies, also those kept outside the contract", () => {
    for (const [path, method] of [
      ["/api/tokens", "post"],
      ["/api/contract/orders", "post"],
      ["/api/admin/users", "post"],
      ["/api/admin/users/{id}", "patch"],
      ["/api/admin/sync", "post"],
    ] as const) {
      expect(doc.paths[path]![method]!.requestBody, `${method} ${path}`).toMatchObject({ content: { "application/json": { schema: { type: "object" } } } });
    }
  });
});
