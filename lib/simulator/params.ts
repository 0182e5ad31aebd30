/**
 * Reading and validating request parameters the way the exchange does, answering with its
 * own codes. Field rules come from the endpoint table (each field's zod schema, the paging
 * descriptor, the time windows); this module only decides which exchange code a broken rule
 * produces. The simulator is stricter than the dashboard where the exchange would be:
 * unknown symbols, precision, Long ranges and the windows against its own clock.
 */
import { z } from "zod";
import { pagingSchema } from "../weex/codec";
import type { TimeWindow } from "../weex/endpoints";
import { boundMs } from "../weex/requests";
import type { EndpointDef } from "../weex/endpoint-def";
import { parseWireJson } from "../weex/wire";
import { badRequest, CODES } from "./errors";
import { DAY_MS } from "../time/calendar";

export type RawParams = Record<string, unknown>;

/**
 * GET parameters from the raw query string; the first value of a repeated name wins, except
 * for the endpoint's list fields (`repeated`: `userIds=1&userIds=2`), which collect every value.
 */
export function readQuery(rawQuery: string, repeated: readonly string[] = []): RawParams {
  const out: RawParams = {};
  for (const [k, v] of new URLSearchParams(rawQuery)) {
    if (repeated.includes(k)) out[k] = [...((out[k] as string[] | undefined) ?? []), v];
    else if (!(k in out)) out[k] = v;
  }
  return out;
}

/**
 * A POST body, parsed losslessly: JSON numbers arrive as their exact digits (a Long id
 * above 2^53 stays exact), and like the exchange's JSON binding a number is accepted where
 * text is expected and the other way round.
 */
export function readJsonBody(rawBody: string): RawParams {
  if (!rawBody.trim()) throw badRequest(CODES.invalidJson, "Invalid JSON: the request body is empty");
  let value: unknown;
  try {
    value = parseWireJson(rawBody);
  } catch {
    throw badRequest(CODES.invalidJson, "Invalid JSON: the request body could not be parsed");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw badRequest(CODES.invalidJson, "Invalid JSON: the request body must be an object");
  }
  return value as RawParams;
}

/** Codes for a field whose value is present but wrong. Fields not listed: -1142 for a wrong
 * type/format, -1140 for a broken rule. */
const FIELD_CODES: Record<string, number> = {
  symbol: CODES.invalidSymbol,
  side: CODES.invalidSide,
  type: CODES.invalidType,
  timeInForce: CODES.invalidTimeInForce,
};
const CLIENT_ID_FIELDS = new Set(["newClientOrderId", "clientOrderId"]);
const CLIENT_ID_MAX: Record<string, number> = { newClientOrderId: 36, clientOrderId: 40 };
/** Long request fields of the interface: digits that must fit a signed 64-bit integer. */
const LONG_FIELDS = new Set(["orderId", "subUid", "uid"]);
const LONG_MAX = 9_223_372_036_854_775_807n;

function isAbsent(v: unknown): boolean {
  return v === undefined || v === null || v === "";
}

function fieldSchemas(ep: EndpointDef): Record<string, z.ZodType> {
  if (!(ep.params instanceof z.ZodObject)) throw new Error(`endpoint ${ep.key}: params is not an object schema`);
  return ep.params.shape as Record<string, z.ZodType>;
}

/** Query strings and lossless JSON deliver text; a numeric literal rule (marginMode 1|3)
 * needs the number. */
function parseField(schema: z.ZodType, value: unknown) {
  const first = schema.safeParse(value);
  if (first.success || typeof value !== "string" || !/^-?\d+$/.test(value)) return first;
  const asNumber = schema.safeParse(Number(value));
  return asNumber.success ? asNumber : first;
}

export function missing(name: string): never {
  throw badRequest(CODES.empty, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`);
}

/**
 * Validate every field the table declares for the endpoint; unknown fields are ignored, as
 * the exchange ignores them. Returns the parsed values (absent fields left out).
 */
export function readFields<T = Record<string, unknown>>(ep: EndpointDef, raw: RawParams): T {
  const out: Record<string, unknown> = {};
  for (const [name, fieldSchema] of Object.entries(fieldSchemas(ep))) {
    const value = raw[name];
    if (isAbsent(value)) {
      if (!fieldSchema.isOptional()) missing(name);
      continue;
    }
    if (CLIENT_ID_FIELDS.has(name) && typeof value === "string" && value.length > CLIENT_ID_MAX[name]) {
      throw badRequest(CODES.clientOrderIdLength, `Parameter '${name}' must be at most ${CLIENT_ID_MAX[name]} characters.`);
    }
    const parsed = parseField(fieldSchema, value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const code = FIELD_CODES[name] ?? (issue.code === "invalid_type" ? CODES.parameter : CODES.validation);
      throw badRequest(code, `Parameter '${name}' ${issue.message}.`);
    }
    if (LONG_FIELDS.has(name) && BigInt(String(parsed.data)) > LONG_MAX) {
      throw badRequest(CODES.parameter, `Parameter '${name}' is out of the range of a Long.`);
    }
    out[name] = parsed.data;
  }
  return out as T;
}

/** Page number and size under the endpoint's own names and limits (endpoint table). */
export function readPaging(ep: EndpointDef, raw: RawParams): { page: number; size: number } {
  const paging = ep.paging;
  if (!paging) throw new Error(`endpoint ${ep.key} does not page`);
  const page = isAbsent(raw[paging.page]) ? undefined : raw[paging.page];
  const size = isAbsent(raw[paging.size]) ? undefined : raw[paging.size];
  const parsed = pagingSchema(paging).safeParse({ page, pageSize: size });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const wireName = issue.path[0] === "page" ? paging.page : paging.size;
    throw badRequest(CODES.validation, `Parameter '${wireName}' ${issue.message}.`);
  }
  return { page: parsed.data.page ?? 1, size: parsed.data.pageSize ?? paging.defaultSize };
}

/**
 * How much earlier than the window's limit a bound may be. The dashboard validates a window
 * against its own clock a moment before the request arrives; a request that was valid then
 * must not be refused here because a few seconds passed.
 */
export const WINDOW_GRACE_MS = 60_000;

/** Enforce a time window (endpoint table) against the exchange's clock; bounds in ms or as days (yyyy-MM-dd). */
export function checkTimeWindow(w: TimeWindow, range: { startTime?: number | string; endTime?: number | string }, now: number): void {
  const s = boundMs(range.startTime);
  const e = boundMs(range.endTime);
  // WEEX's production service refuses such a read without either bound, as a missing parameter.
  if (w.bounded && s === undefined) missing("startTime");
  if (w.bounded && e === undefined) missing("endTime");
  if (w.ordered && s !== undefined && e !== undefined && e < s) {
    throw badRequest(CODES.startAfterEnd, "startTime must be less than or equal to endTime.");
  }
  if (w.maxAgeMs !== undefined) {
    const oldest = now - w.maxAgeMs - WINDOW_GRACE_MS;
    const days = Math.round(w.maxAgeMs / 86_400_000);
    if ((s !== undefined && s < oldest) || (e !== undefined && e < oldest)) {
      throw badRequest(CODES.timeRange, `Query time is out of range: only the past ${days} days can be queried.`);
    }
  }
  if (w.maxSpanMs !== undefined && s !== undefined && e !== undefined && e - s > w.maxSpanMs) {
    const days = Math.round(w.maxSpanMs / 86_400_000);
    throw badRequest(CODES.timeRange, `Query time is out of range: one query may span at most ${days} days.`);
  }
}

/**
 * The window a query in epoch ms covers, bounds included, once the window's defaults fill in
 * what is missing (`TimeWindow.defaultSpanMs`): none → the span ending now; only endTime → the
 * span ending there (not older than the window's age limit); only startTime → the span starting
 * there. Never past now: nothing later has happened.
 */
export function effectiveWindow(w: TimeWindow, p: { startTime?: number; endTime?: number }, now: number): { from: number; to: number } {
  const span = w.defaultSpanMs ?? 0;
  const oldest = w.maxAgeMs !== undefined ? now - w.maxAgeMs - WINDOW_GRACE_MS : -Infinity;
  const { startTime: s, endTime: e } = p;
  const [from, to] =
    s !== undefined && e !== undefined ? [s, e] : s !== undefined ? [s, s + span] : e !== undefined ? [Math.max(e - span, oldest), e] : [now - span, now];
  return { from, to: Math.min(to, now) };
}

/**
 * The days a day-based query covers (getAssert, getDealData), as epoch ms bounds: the end is
 * today when absent, the start `defaultSpanMs` before the end; never past now.
 */
export function effectiveDays(w: TimeWindow, p: { startTime?: string; endTime?: string }, now: number): { from: number; to: number; startDay: string; endDay: string } {
  const endDay = p.endTime ?? new Date(now).toISOString().slice(0, 10);
  const end = boundMs(endDay)!;
  const from = p.startTime !== undefined ? boundMs(p.startTime)! : end - (w.defaultSpanMs ?? 0);
  return { from, to: Math.min(end + DAY_MS - 1, now), startDay: new Date(from).toISOString().slice(0, 10), endDay };
}
