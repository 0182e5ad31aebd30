/**
 * The shape of one entry of the endpoint table (endpoints.ts) and how an entry is built: its
 * `params` derived from its fields, its cross-field rule and its time window.
 */
import type { z } from "zod";
import type { TimeWindow } from "./limits";
import type { Paging } from "./paging";
import { checkWindow } from "./requests";

export type Side = "spot" | "contract";
/** public: unsigned; signed: affiliate key; trade: the trade key (falls back to the main key). */
export type Access = "public" | "signed" | "trade";

/**
 * One endpoint and every rule of it. Written entries give `fields` (the request's own fields,
 * strict) and optionally `rule` (rules across fields) and `window`; `endpoint()` derives
 * `params`, the schema the client, the simulator and the routes validate with, from those
 * three, so a time window is written once. Rules that depend on the answer are methods of the
 * entry: `failure` (a business failure inside HTTP 200), `placesOrder` (what a placement means
 * for a person); a paged answer is read by its `paging` entry (paging.ts, `weexPage`). (Method
 * syntax: each entry's own result type, the table read through the general type.)
 */
export interface EndpointDef<P extends z.ZodObject = z.ZodObject, R extends z.ZodType = z.ZodType> {
  key: string;
  /**
   * the number in the interface document's Endpoints table; absent for the rebate reads
   * beyond the document (weex-facts.md, last section)
   */
  doc?: number;
  method: "GET" | "POST";
  side: Side;
  path: string;
  ipWeight: number;
  /** 0 where the document gives no UID weight */
  uidWeight: number;
  access: Access;
  /** the request's fields (dashboard names, wire order), no cross-field rule or window */
  fields: P;
  /** rules across fields (e.g. LIMIT needs a price) */
  rule?(p: z.output<P>, ctx: z.RefinementCtx): void;
  /** the upstream's time window on startTime/endTime */
  window?: TimeWindow;
  /** `fields` with `rule` and `window` applied: what a request is validated with */
  params: P;
  /** a paged endpoint's paging names, in the request and in the answer */
  paging?: Paging;
  /** a business failure WEEX reports inside HTTP 200 (success:false, code ≠ 00000, …), else null */
  failure?(result: z.output<R>): { code: string; msg: string } | null;
  /** body fields that are Long on the wire: sent as raw JSON numbers, carried as strings */
  jsonNumberFields?: readonly string[];
  /** query fields holding a list, sent once per value (`userIds=1&userIds=2`) */
  repeated?: readonly string[];
  response: R;
  /**
   * A list answer whose records are parsed one by one: `field` of the response holds them,
   * `record` is the schema of one. Records that do not match are set aside (`rejected` of the
   * decoded result) instead of failing the answer. `implied`: fields the request settles that
   * WEEX may leave out of a record (getAffiliateCommission's `productType`), filled in where
   * the record has none.
   */
  items?: { field: string; record: z.ZodType; implied?(input: Record<string, unknown>): Record<string, unknown> };
  /** V2 endpoints whose `{code,msg,data}` envelope IS the result: do not unwrap */
  keepEnvelope?: boolean;
  /**
   * A read whose method the published sources disagree on (weex-facts.md): when WEEX answers
   * the documented method with -1150, the client asks once more with this one.
   */
  altMethod?: "GET" | "POST";
  /** an affiliate report: 404 or -1150 means WEEX no longer serves it (the archive still may) */
  report?: string;
  /** a placement or modification of an order: never retried (see `Placement`) */
  placesOrder?: Placement<P, R>;
  /** counts against the contract order cap (CONTRACT_ORDER_CAP): new orders, not modifications */
  orderCap?: boolean;
}

/** What a placement means for the person placing it, and the upstream order id it is about. */
export interface Placement<P extends z.ZodObject = z.ZodObject, R extends z.ZodType = z.ZodType> {
  /** the outcome when WEEX refused it before executing (429) */
  notDone: string;
  /** what to check before sending it again when its answer was lost */
  maybeDone(input: z.output<P>): string;
  /** the upstream order id the request or its result names (for the audit log), null when none */
  orderId(params: z.output<P>, result: z.output<R> | undefined): string | null;
}

/** An entry of the table, its `params` derived from `fields`, `rule` and `window`. */
export function endpoint<P extends z.ZodObject, R extends z.ZodType>(spec: Omit<EndpointDef<P, R>, "params">): EndpointDef<P, R> {
  return { ...spec, params: withRules(spec.fields, spec.rule, spec.window) };
}

/** `fields` refined by `rule` and `window` (the same object type: zod's refinements are checks). */
function withRules<P extends z.ZodObject>(fields: P, rule: EndpointDef<P>["rule"], window: TimeWindow | undefined): P {
  if (!rule && !window) return fields;
  return fields.superRefine((p, ctx) => {
    rule?.(p, ctx);
    if (window) checkWindow(window, p as { startTime?: number | string; endTime?: number | string }, ctx);
  });
}

/**
 * The endpoint with another time window (e.g. the archive's queries, where nothing goes
 * upstream and only the ordering rule applies); its fields and rules unchanged.
 */
export function withWindow<P extends z.ZodObject, R extends z.ZodType>(ep: EndpointDef<P, R>, window: TimeWindow): EndpointDef<P, R> {
  return { ...ep, window, params: withRules(ep.fields, ep.rule, window) };
}
