/**
 * The bytes of one WEEX call, both ways, driven by the endpoint table:
 * - `requestSchema`: what a call accepts (the entry's params plus paging in the dashboard's names);
 * - `encodeRequest`: validated params → the exact query string or JSON body that is signed and sent;
 * - `decodeResponse`: HTTP status + body text → the parsed result, or a typed WeexError.
 * No I/O here; the client does the sending, timing and retrying.
 */
import { z } from "zod";
import type { EndpointDef } from "./endpoint-def";
import type { Paging } from "./paging";
import { upstreamError, WeexError } from "./errors";
import { problemValue, type RejectedRecord } from "./record-problems";
import { forwardIssues, inInt, jsonNumber, parseWireJson, stringifyWireJson } from "./wire";

export interface EncodedRequest {
  /** URL-encoded query, "" when none (GET only) */
  query: string;
  /** JSON text, "" for GET */
  body: string;
}

/** The paging fields in the dashboard's terms, bounded by the endpoint's maximum. */
export function pagingSchema(p: Paging) {
  return z.object({
    page: inInt(1, 1_000_000).optional(),
    pageSize: inInt(1, p.maxSize).optional(),
  });
}

/**
 * The full request schema of an endpoint as the dashboard accepts it: the endpoint's params
 * plus `page`/`pageSize` where it pages. The client validates every call with this before
 * `encodeRequest`; the simulator checks paging with `pagingSchema`.
 */
export function requestSchema(ep: EndpointDef): z.ZodType<Record<string, unknown>> {
  if (!ep.paging) return ep.params as z.ZodType<Record<string, unknown>>;
  const paging = pagingSchema(ep.paging);
  // Paging is validated separately so the params keep their own strictness and refinements.
  return z
    .record(z.string(), z.unknown())
    .transform((input, ctx) => {
      const { page, pageSize, ...rest } = input;
      const pg = paging.safeParse({ page, pageSize });
      const pr = ep.params.safeParse(rest);
      forwardIssues(ctx, [...(pg.success ? [] : pg.error.issues), ...(pr.success ? [] : pr.error.issues)]);
      if (!pg.success || !pr.success) return z.NEVER;
      return {
        ...(pr.data as Record<string, unknown>),
        page: pg.data.page ?? 1,
        pageSize: pg.data.pageSize ?? ep.paging!.defaultSize,
      };
    });
}

/**
 * Encode validated params (the output of `requestSchema(ep)`, dashboard names) for the wire:
 * fields in the schema's key order (that order is what gets signed), undefined skipped,
 * `page`/`pageSize` renamed to the endpoint's upstream names and sent last.
 */
export function encodeRequest(ep: EndpointDef, input: Record<string, unknown>): EncodedRequest {
  const fields = wireFields(ep, input);
  if (ep.method === "GET") {
    const query = new URLSearchParams();
    for (const [name, value] of fields) {
      // A list field is sent once per value (getDealData's `userIds=1&userIds=2`).
      if (ep.repeated?.includes(name) && Array.isArray(value)) for (const v of value) query.append(name, String(v));
      else query.append(name, String(value));
    }
    return { query: query.toString(), body: "" };
  }
  const body: Record<string, unknown> = {};
  for (const [name, value] of fields) {
    // Long fields (ids) are carried as strings but WEEX expects JSON numbers: send the digits raw.
    body[name] = ep.jsonNumberFields?.includes(name) ? jsonNumber(String(value)) : value;
  }
  return { query: "", body: stringifyWireJson(body) };
}

function wireFields(ep: EndpointDef, input: Record<string, unknown>): [string, unknown][] {
  const keys = ep.params instanceof z.ZodObject ? Object.keys(ep.params.shape) : Object.keys(input).filter((k) => k !== "page" && k !== "pageSize");
  const fields: [string, unknown][] = [];
  for (const k of keys) if (input[k] !== undefined) fields.push([k, input[k]]);
  if (ep.paging) {
    fields.push([ep.paging.page, input.page ?? 1]);
    fields.push([ep.paging.size, input.pageSize ?? ep.paging.defaultSize]);
  }
  return fields;
}

/** Codes of a V2 envelope that mean success. */
const OK_CODES = new Set(["00000", "200", "0"]);
const NEGATIVE_CODE = /^-\d+$/;

/**
 * Turn an HTTP answer into the endpoint's result, or throw:
 * - non-2xx → `upstreamError(status, code, msg)` (5xx → unavailable, 429 → rate_limited);
 * - 2xx whose body is an error (`{code: -1140, msg}`, or an envelope with a failing code and
 *   no data) → upstream error;
 * - 2xx that is not JSON or does not match `ep.response` → "malformed", naming the first path.
 * Business failures (order success:false, …) match the response schema and are returned.
 * `input` (the validated request) settles what a list's records may leave out (`items.implied`).
 */
export function decodeResponse(ep: EndpointDef, status: number, text: string, input: Record<string, unknown> = {}): unknown {
  if (status < 200 || status > 299) {
    const err = errorInfo(text);
    throw upstreamError(status, err?.code, err?.msg);
  }
  let body: unknown;
  try {
    body = parseWireJson(text);
  } catch {
    throw new WeexError("malformed", `WEEX answered ${ep.path} with a body that is not JSON`, { upstream: { status } });
  }
  body = unwrapEnvelope(ep, status, body);
  const parsed = ep.response.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? issue.path.map(String).join(".") : "(root)";
    throw new WeexError("malformed", `WEEX answered ${ep.path} with data that does not match the interface at ${where}: ${issue.message}`, {
      upstream: { status },
    });
  }
  return ep.items ? parseItems(ep.items, parsed.data as Record<string, unknown>, input) : parsed.data;
}

/**
 * A list's records one by one: those matching the record schema are kept (parsed), the others
 * are set aside with the first problem found and their fields as received. One odd record
 * never fails the page; it is counted and reported instead (record-problems.ts).
 */
function parseItems(
  items: NonNullable<EndpointDef["items"]>,
  result: Record<string, unknown>,
  input: Record<string, unknown>,
): Record<string, unknown> & { rejected: RejectedRecord[] } {
  const usable: unknown[] = [];
  const rejected: RejectedRecord[] = [];
  const list = result[items.field] as unknown[];
  const implied = items.implied?.(input);
  list.forEach((raw, i) => {
    const r = items.record.safeParse(implied && isRecord(raw) ? withImplied(raw, implied) : raw);
    if (r.success) {
      usable.push(r.data);
      return;
    }
    const issue = r.error.issues[0];
    rejected.push({
      record: isRecord(raw) ? raw : { value: raw },
      problem: {
        path: [items.field, i, ...issue.path].map(String).join("."),
        value: problemValue(valueAt(raw, issue.path)),
        reason: issue.message,
      },
    });
  });
  return { ...result, [items.field]: usable, rejected };
}

/** The record with the request's implied fields where it has none (absent or null). */
function withImplied(raw: Record<string, unknown>, implied: Record<string, unknown>): Record<string, unknown> {
  const out = { ...raw };
  for (const [k, v] of Object.entries(implied)) if (out[k] === undefined || out[k] === null) out[k] = v;
  return out;
}

function valueAt(v: unknown, path: readonly PropertyKey[]): unknown {
  let cur = v;
  for (const k of path) cur = isRecord(cur) || Array.isArray(cur) ? (cur as Record<PropertyKey, unknown>)[k] : undefined;
  return cur;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** `{code, msg}` of an error body, if the text is JSON and has them. */
export function errorInfo(text: string): { code?: string; msg?: string } | undefined {
  let body: unknown;
  try {
    body = parseWireJson(text);
  } catch {
    return undefined;
  }
  if (!isRecord(body)) return undefined;
  const code = typeof body.code === "string" || typeof body.code === "number" ? String(body.code) : undefined;
  const msg = typeof body.msg === "string" ? body.msg : typeof body.message === "string" ? body.message : undefined;
  return { code, msg };
}

function unwrapEnvelope(ep: EndpointDef, status: number, body: unknown): unknown {
  if (!isRecord(body) || !("code" in body) || !("msg" in body || "data" in body)) return body;
  const code = String(body.code);
  const msg = typeof body.msg === "string" ? body.msg : undefined;
  // A V3 error ({code: -1140, msg}) can come with HTTP 200.
  if (NEGATIVE_CODE.test(code)) throw upstreamError(status, code, msg);
  // modifyTpSl: the envelope is the result; a failing code is a business failure, returned.
  if (ep.keepEnvelope) return body;
  const hasData = body.data !== undefined && body.data !== null;
  if (!OK_CODES.has(code) && !hasData) throw upstreamError(status, code, msg);
  return body.data;
}
