/**
 * A request's input as a route's contract entry describes it: path parameters, query and JSON
 * body, each parsed with its schema; every issue of all three is collected and named by field,
 * and any issue is one 400 (validation_error) before the handler runs or anything goes upstream.
 */
import "server-only";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import type { FieldIssue } from "@/lib/contract/errors";
import { TOKEN_QUERY_PARAM } from "@/lib/contract/token-limits";
import { readBodyText } from "./body";
import { ApiError, fieldIssues, invalidInput } from "./errors";

/** The schemas of a route's input (its contract entry's; a "server" body resolved by the route). */
export interface InputSchemas {
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  /** the route took its credential from ?access_token=, which is no filter */
  urlToken?: boolean;
}

/** The parsed input, or a 400 naming every field at fault. */
export async function requestInput(req: NextRequest, rawParams: Record<string, unknown> | undefined, spec: InputSchemas, maxBodyBytes?: number) {
  const issues: FieldIssue[] = [];
  const params = spec.params ? parseInto(spec.params, rawParams ?? {}, issues) : rawParams;
  const query = spec.query ? parseInto(spec.query, queryObject(req.nextUrl.searchParams, issues, spec.urlToken === true), issues) : undefined;
  const rawBody = spec.body ? await readJsonBody(req, maxBodyBytes) : undefined;
  if (spec.body) forbidPrototypeKeys(rawBody, [], issues);
  const body = spec.body ? parseInto(spec.body, rawBody, issues) : undefined;
  if (issues.length) throw invalidInput(uniqueIssues(issues));
  return { params, query, body };
}

/**
 * `__proto__`, `constructor` and `prototype` are never field names here. Named as unknown
 * fields before any schema runs, so no parsing step can turn one into an object's prototype.
 */
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

function forbidPrototypeKeys(value: unknown, path: string[], issues: FieldIssue[]): void {
  // Request schemas are flat; nothing deeper than this is looked at by anyone.
  if (value === null || typeof value !== "object" || path.length > 8) return;
  for (const key of Object.keys(value)) {
    if (PROTOTYPE_KEYS.has(key)) issues.push({ path: [...path, key].join("."), message: "is not a known field" });
    else forbidPrototypeKeys((value as Record<string, unknown>)[key], [...path, key], issues);
  }
}

function uniqueIssues(issues: FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const k = `${i.path}\u0000${i.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Parse with a schema, adding its issues (named by field) to `issues`. */
function parseInto<S extends z.ZodType>(schema: S, value: unknown, issues: FieldIssue[]): z.output<S> | undefined {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  issues.push(...fieldIssues(r.error.issues));
  return undefined;
}

/**
 * The query string as an object. A key given twice is an error (which one would count?); an
 * empty value counts as absent, as an empty form field means "no filter". `urlToken`: the
 * route took its credential from ?access_token=, which is no filter.
 */
function queryObject(sp: URLSearchParams, issues: FieldIssue[], urlToken: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [key, value] of sp) {
    if (urlToken && key === TOKEN_QUERY_PARAM) continue;
    if (seen.has(key)) {
      if (!issues.some((i) => i.path === key)) issues.push({ path: key, message: "must be given only once" });
      continue;
    }
    seen.add(key);
    if (PROTOTYPE_KEYS.has(key)) {
      issues.push({ path: key, message: "is not a known field" });
      continue;
    }
    // defineProperty: no key can reach a setter of Object.prototype.
    if (value !== "") Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

async function readJsonBody(req: NextRequest, limit?: number): Promise<unknown> {
  // (within MAX_BODY_BYTES or the route's limit, counted as it arrives: a 413 past it, the rest never read)
  const text = await readBodyText(req, limit);
  // No body at all: an empty object, so the schema names each missing field.
  if (text.trim() === "") return {};
  // Only JSON: a cross-site form cannot send it without a CORS preflight we never grant.
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) throw bodyError("must be sent as application/json");
  try {
    return JSON.parse(text);
  } catch {
    throw bodyError("is not valid JSON");
  }
}

function bodyError(message: string): ApiError {
  return new ApiError("validation_error", `The request body ${message}.`, { fields: [{ path: "(body)", message }] });
}
