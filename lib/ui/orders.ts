/**
 * Order forms → request bodies, checked with the very zod schemas the route handlers use
 * (lib/weex/endpoints.ts, isomorphic), so the form refuses what the server would refuse and
 * names the same fields. The body shown in the confirmation step is the body sent.
 */
import { ENDPOINTS } from "@/lib/weex/endpoints";
import { NEW_CLIENT_ORDER_ID_RE } from "@/lib/weex/requests";

export type Errors = Record<string, string>;
export type Checked<T> = { ok: true; body: T } | { ok: false; errors: Errors };

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/**
 * A fresh client order id: a prefix, the time in base 36 and random characters; within the
 * 1-36 character rule of newClientOrderId (and the 40 of clientOrderId).
 */
export function generateClientOrderId(prefix = "dash", random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  const bytes = random(10);
  let tail = "";
  for (const b of bytes) tail += ID_ALPHABET[b % ID_ALPHABET.length];
  const id = `${prefix}-${Date.now().toString(36)}-${tail}`;
  if (!NEW_CLIENT_ORDER_ID_RE.test(id)) throw new Error(`generated an invalid client order id: ${id}`);
  return id;
}

/**
 * The checks' messages (lib/weex/wire.ts, endpoints.ts and "is not a known field" below), each
 * with the key of its words in the errors catalogue (errors.fields.<id>, the words the API's
 * answers use too) and the values it carries. The schemas stay in English; the forms say their
 * messages in the page's language through this table.
 */
export const FIELD_MESSAGES = [
  { id: "required", pattern: /^is required$/ },
  { id: "limitNeeds", pattern: /^is required for a LIMIT order$/ },
  { id: "text", pattern: /^must be text$/ },
  { id: "notEmpty", pattern: /^must not be empty$/ },
  { id: "atMostChars", pattern: /^must be at most (?<max>\d+) characters$/ },
  { id: "printableAscii", pattern: /^must be printable ASCII without spaces$/ },
  { id: "decimalString", pattern: /^must be a decimal string/ },
  { id: "tooLong", pattern: /^is too long$/ },
  { id: "positive", pattern: /^must be greater than 0$/ },
  { id: "oneOf", pattern: /^must be one of (?<values>.+)$/ },
  { id: "clientOrderId", pattern: /^must be 1-36 letters, digits or \. : \/ _ -$/ },
  { id: "marginMode", pattern: /^must be 1 \(cross\) or 3 \(isolated\)$/ },
  { id: "triggerPriceType", pattern: /^must be 1 \(last price\) or 3 \(mark price\)$/ },
  { id: "positiveId", pattern: /^must be a positive integer id/ },
  { id: "idTooLarge", pattern: /^is larger than a 64-bit id$/ },
  { id: "unknownField", pattern: /^is not a known field$/ },
] as const;

export type FieldMessageId = (typeof FIELD_MESSAGES)[number]["id"];

/** Which words say a check's message, or null for one this table does not know (shown as sent). */
export function fieldMessageOf(message: string): { id: FieldMessageId; values: Record<string, string> } | null {
  for (const m of FIELD_MESSAGES) {
    const match = m.pattern.exec(message);
    if (match) return { id: m.id, values: { ...match.groups } };
  }
  return null;
}

/** Turn zod issues into one message per top-level field (the first one wins). */
function toErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string; code?: string; keys?: string[] }>): Errors {
  const errors: Errors = {};
  for (const i of issues) {
    if (i.code === "unrecognized_keys" && i.keys) {
      for (const k of i.keys) errors[k] ??= "is not a known field";
      continue;
    }
    const key = String(i.path[0] ?? "form");
    errors[key] ??= i.message;
  }
  return errors;
}

/** Field errors from the server's `fields` (paths like "quantity" or "body.quantity"). */
export function serverFieldErrors(fields: ReadonlyArray<{ path: string; message: string }>): Errors {
  const errors: Errors = {};
  for (const f of fields) {
    const key = f.path.split(".").filter((p) => p !== "body")[0] ?? "form";
    errors[key] ??= f.message;
  }
  return errors;
}

/** A body checked with its endpoint's own schema: the errors by field, or the body as the schema gives it back. */
function checkWith(endpoint: "placeOrder" | "placeTpSl" | "modifyTpSl", input: Record<string, unknown>): Checked<Record<string, unknown>> {
  const r = ENDPOINTS[endpoint].params.safeParse(input);
  return r.success ? { ok: true, body: r.data as Record<string, unknown> } : { ok: false, errors: toErrors(r.error.issues) };
}

function setIf(body: Record<string, unknown>, key: string, value: string | undefined) {
  const v = value?.trim();
  if (v) body[key] = v;
}

// ---------------------------------------------------------------------------------------------
// Contract order (POST /api/contract/orders)

export interface ContractOrderForm {
  symbol: string;
  side: "BUY" | "SELL";
  positionSide: "LONG" | "SHORT";
  type: "LIMIT" | "MARKET";
  timeInForce: "GTC" | "IOC" | "FOK";
  quantity: string;
  price: string;
  withTpSl: boolean;
  tpTriggerPrice: string;
  TpWorkingType: "" | "CONTRACT_PRICE" | "MARK_PRICE";
  slTriggerPrice: string;
  SlWorkingType: "" | "CONTRACT_PRICE" | "MARK_PRICE";
}

export const EMPTY_CONTRACT_ORDER: ContractOrderForm = {
  symbol: "cmt_btcusdt",
  side: "BUY",
  positionSide: "LONG",
  type: "LIMIT",
  timeInForce: "GTC",
  quantity: "",
  price: "",
  withTpSl: false,
  tpTriggerPrice: "",
  TpWorkingType: "",
  slTriggerPrice: "",
  SlWorkingType: "",
};

/**
 * The request body in the interface document's field order and names (TpWorkingType and
 * SlWorkingType with their capitals). Fields that do not apply are left out, not sent empty.
 */
export function contractOrderBody(f: ContractOrderForm, newClientOrderId: string): Record<string, unknown> {
  const body: Record<string, unknown> = { symbol: f.symbol.trim(), side: f.side, positionSide: f.positionSide, type: f.type };
  if (f.type === "LIMIT") body.timeInForce = f.timeInForce;
  setIf(body, "quantity", f.quantity);
  if (f.type === "LIMIT") setIf(body, "price", f.price);
  body.newClientOrderId = newClientOrderId;
  if (f.withTpSl) {
    setIf(body, "tpTriggerPrice", f.tpTriggerPrice);
    setIf(body, "slTriggerPrice", f.slTriggerPrice);
    if (f.tpTriggerPrice.trim() && f.TpWorkingType) body.TpWorkingType = f.TpWorkingType;
    if (f.slTriggerPrice.trim() && f.SlWorkingType) body.SlWorkingType = f.SlWorkingType;
  }
  return body;
}

export function checkContractOrder(body: Record<string, unknown>): Checked<Record<string, unknown>> {
  return checkWith("placeOrder", body);
}

// ---------------------------------------------------------------------------------------------
// Plan (TP/SL) order (POST /api/contract/plan-orders)

export interface PlanOrderForm {
  symbol: string;
  planType: "profit_plan" | "loss_plan";
  triggerPrice: string;
  executePrice: string;
  size: string;
  positionSide: "long" | "short";
  marginMode: "" | "1" | "3";
}

export const EMPTY_PLAN_ORDER: PlanOrderForm = {
  symbol: "cmt_btcusdt",
  planType: "profit_plan",
  triggerPrice: "",
  executePrice: "",
  size: "",
  positionSide: "long",
  marginMode: "",
};

export function planOrderBody(f: PlanOrderForm, clientOrderId: string): Record<string, unknown> {
  const body: Record<string, unknown> = { symbol: f.symbol.trim(), clientOrderId, planType: f.planType };
  setIf(body, "triggerPrice", f.triggerPrice);
  setIf(body, "executePrice", f.executePrice);
  setIf(body, "size", f.size);
  body.positionSide = f.positionSide;
  // marginMode is an Integer in the interface document: sent as a JSON number.
  if (f.marginMode) body.marginMode = Number(f.marginMode);
  return body;
}

export function checkPlanOrder(body: Record<string, unknown>): Checked<Record<string, unknown>> {
  return checkWith("placeTpSl", body);
}

// ---------------------------------------------------------------------------------------------
// Plan order modification (PATCH /api/contract/plan-orders/{orderId})

export interface ModifyPlanForm {
  orderId: string;
  triggerPrice: string;
  executePrice: string;
  triggerPriceType: "" | "1" | "3";
}

export const EMPTY_MODIFY_PLAN: ModifyPlanForm = { orderId: "", triggerPrice: "", executePrice: "", triggerPriceType: "" };

/** The PATCH body (the order id travels in the path, not the body). */
export function modifyPlanBody(f: ModifyPlanForm): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  setIf(body, "triggerPrice", f.triggerPrice);
  setIf(body, "executePrice", f.executePrice);
  if (f.triggerPriceType) body.triggerPriceType = Number(f.triggerPriceType);
  return body;
}

/** Checked together with the order id, exactly as the server checks the modification. */
export function checkModifyPlan(orderId: string, body: Record<string, unknown>): Checked<Record<string, unknown>> {
  const checked = checkWith("modifyTpSl", { orderId: orderId.trim(), ...body });
  if (!checked.ok) return checked;
  const { orderId: _id, ...rest } = checked.body;
  return { ok: true, body: rest };
}
