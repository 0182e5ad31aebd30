/**
 * The API document (OpenAPI 3.1), generated from the contract's table of operations
 * (lib/contract/api-routes.ts) and the schemas it names: each query's fields as parameters, each
 * JSON body as the request body, each answer's schema, the error shape and codes of the one
 * error table (lib/contract/errors.ts), the roles, and how a request authenticates (an API
 * token, the browser's session cookie, a token made for URLs on the CSV exports). Nothing here
 * is written per route, so the document cannot drift from what the routes parse and answer.
 *
 * zod → JSON Schema: query parameters in the *output* reading (a query string is text; what
 * matters is what the value must mean: an integer from 1 to 100, one of these words) with
 * "required" from the *input* reading (a field with a default is optional); bodies in the
 * input reading (the JSON a client sends); answers in the output reading. What JSON Schema
 * cannot say (transforms, refinements across fields) is left out rather than guessed.
 */
import "server-only";
import { z } from "zod";
import { API_ROUTES, API_TAGS, type ApiMethod, type ApiPath, type OperationSpec } from "@/lib/contract/api-routes";
import { API_ERROR_STATUS, apiErrorBodySchema, type ApiErrorCode } from "@/lib/contract/errors";
import { queryFields } from "@/lib/contract/queries";
import { TOKEN_QUERY_PARAM } from "@/lib/contract/token-limits";
import { syncActionBody } from "@/lib/archive/admin";
import { getConfig } from "@/lib/config/config";
import { apiGuide } from "./api-guide";
import { newUserSchema, userChangesSchema } from "../services/user-admin";

type Json = Record<string, unknown>;

/**
 * The bodies the contract names "server": their schemas need what the contract may not import
 * (the users' rules, the archive's datasets), so they are taken from their own modules here.
 */
const SERVER_BODIES: Partial<Record<ApiPath, Partial<Record<ApiMethod, z.ZodType>>>> = {
  "/api/admin/users": { POST: newUserSchema },
  "/api/admin/users/[id]": { PATCH: userChangesSchema },
  "/api/admin/sync": { POST: syncActionBody },
};

const MUTATING = new Set<ApiMethod>(["POST", "PUT", "PATCH", "DELETE"]);
/** The tags whose routes may ask WEEX, and so meet its errors and budget. */
const UPSTREAM_TAGS = new Set(["affiliate", "exports", "reference", "spot", "orders"]);
const ARCHIVE_TAGS = new Set(["affiliate", "exports"]);

function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Json;
  delete out.$schema;
  return out;
}

/** `/api/alerts/rules/[id]` → `/api/alerts/rules/{id}` */
export function openApiPath(path: string): string {
  return path.replace(/\[([^\]]+)\]/g, "{$1}");
}

function operationId(method: ApiMethod, path: string): string {
  const words = path
    .replace(/^\/api\//, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
}

function parameters(spec: OperationSpec): Json[] {
  const out: Json[] = [];
  const params = spec.params ? queryFields(spec.params) : undefined;
  for (const [name, field] of Object.entries(params?.shape ?? {})) {
    out.push({ name, in: "path", required: true, schema: jsonSchema(field as z.ZodType, "output") });
  }
  const fields = spec.query ? queryFields(spec.query) : undefined;
  if (spec.query && !fields) throw new Error(`the query of ${spec.summary} has no fields the document can list (queries.ts: queryFields)`);
  if (fields) {
    const required = new Set((jsonSchema(fields, "input").required as string[] | undefined) ?? []);
    for (const [name, field] of Object.entries(fields.shape)) {
      out.push({ name, in: "query", required: required.has(name), schema: jsonSchema(field as z.ZodType, "output") });
    }
  }
  return out;
}

function successResponse(spec: OperationSpec): Json {
  if (spec.answer === "csv") {
    return {
      description: "A CSV file (UTF-8 with BOM, RFC 4180), streamed as it is read; `X-Data-Source` / `X-Data-Synced-At` say where from.",
      content: { "text/csv": { schema: { type: "string" } } },
    };
  }
  const schema = spec.answer === "json" ? { type: "object", description: "JSON (its schema is not part of the contract yet)" } : jsonSchema(spec.answer, "output");
  return { description: "Success", content: { "application/json": { schema } } };
}

/** The errors an operation may answer, as references to the shared responses. */
function errorResponses(spec: OperationSpec, method: ApiMethod): Record<string, Json> {
  const codes: ApiErrorCode[] = [];
  if (spec.query || spec.params || spec.body) codes.push("validation_error");
  if (spec.role !== "public") codes.push("unauthorized", "forbidden", "rate_limited");
  else if (MUTATING.has(method)) codes.push("forbidden");
  if (spec.params) codes.push("not_found");
  if (spec.body) codes.push("payload_too_large");
  if (UPSTREAM_TAGS.has(spec.tag)) codes.push("rate_limited", "upstream_error", "upstream_unavailable", "upstream_timeout");
  // (the archive's reads: a range too large to answer, or a read past its statement timeout)
  if (ARCHIVE_TAGS.has(spec.tag) && spec.query) codes.push("answer_too_large");
  codes.push("internal_error");
  return Object.fromEntries([...new Set(codes)].map((code) => [String(API_ERROR_STATUS[code]), { $ref: `#/components/responses/${code}` }]));
}

function security(spec: OperationSpec): Json[] {
  if (spec.role === "public") return [];
  const ways: Json[] = [{ sessionCookie: [] }];
  if (spec.tokens !== false) ways.unshift({ apiToken: [] });
  if (spec.urlToken) ways.push({ urlToken: [] });
  return ways;
}

function describe(spec: OperationSpec, method: ApiMethod): string {
  const who = spec.role === "public" ? "No credential needed." : `Role: ${spec.role} or above.`;
  const token =
    spec.role === "public"
      ? ""
      : spec.tokens === false
        ? " A signed-in session only, not an API token."
        : MUTATING.has(method)
          ? " An API token needs the write permission."
          : "";
  return [spec.description, `${who}${token}`].filter(Boolean).join("\n\n");
}

function operation(path: ApiPath, method: ApiMethod, spec: OperationSpec): Json {
  const body = spec.body === "server" ? SERVER_BODIES[path]?.[method] : spec.body;
  if (spec.body === "server" && !body) throw new Error(`${method} ${path}: the contract says its body is the server's, and SERVER_BODIES has none`);
  const statuses = spec.status === undefined ? [200] : Array.isArray(spec.status) ? spec.status : [spec.status];
  const params = parameters(spec);
  return {
    operationId: operationId(method, path),
    tags: [API_TAGS[spec.tag]],
    summary: spec.summary,
    description: describe(spec, method),
    security: security(spec),
    "x-role": spec.role,
    ...(MUTATING.has(method) && spec.role !== "public" ? { "x-token-write": true } : {}),
    ...(spec.tokens === false ? { "x-session-only": true } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(body, "input") } } } } : {}),
    responses: {
      ...Object.fromEntries(statuses.map((s) => [String(s), successResponse(spec)])),
      ...errorResponses(spec, method),
    },
  };
}

function errorComponents(): Json {
  const retryAfter = { description: "Seconds until a retry can succeed", schema: { type: "integer", minimum: 1 } };
  return Object.fromEntries(
    (Object.keys(API_ERROR_STATUS) as ApiErrorCode[]).map((code) => [
      code,
      {
        description: `\`${code}\` (HTTP ${API_ERROR_STATUS[code]})`,
        ...(code === "rate_limited" ? { headers: { "Retry-After": retryAfter } } : {}),
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    ]),
  );
}

/** The whole document, for clients of `origin`. */
export function openApiDocument(origin: string): Json {
  const paths: Record<string, Json> = {};
  for (const [path, methods] of Object.entries(API_ROUTES) as [ApiPath, Partial<Record<ApiMethod, OperationSpec>>][]) {
    const item: Json = {};
    for (const [method, spec] of Object.entries(methods) as [ApiMethod, OperationSpec][]) item[method.toLowerCase()] = operation(path, method, spec);
    paths[openApiPath(path)] = item;
  }
  return {
    openapi: "3.1.0",
    info: { title: "WEEX Affiliate Dashboard API", version: "1", description: apiGuide(origin, getConfig().apiTokenRatePerMinute) },
    servers: [{ url: origin }],
    tags: Object.values(API_TAGS).map((name) => ({ name })),
    security: [{ apiToken: [] }, { sessionCookie: [] }],
    paths,
    components: {
      securitySchemes: {
        apiToken: { type: "http", scheme: "bearer", bearerFormat: "wxd_…", description: "An API token from the API tokens page: `Authorization: Bearer wxd_…`." },
        sessionCookie: { type: "apiKey", in: "cookie", name: "next-auth.session-token", description: "The browser's session (`__Secure-next-auth.session-token` under HTTPS); changes need the dashboard's own Origin." },
        urlToken: { type: "apiKey", in: "query", name: TOKEN_QUERY_PARAM, description: "A read-only viewer token made for URLs, on the CSV exports only (for spreadsheets, which cannot send headers)." },
      },
      schemas: { Error: jsonSchema(apiErrorBodySchema, "output") },
      responses: errorComponents(),
    },
  };
}
