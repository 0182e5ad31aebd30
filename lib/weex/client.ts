/**
 * The WEEX client: one `request()` path for every endpoint, driven by the endpoint table.
 *
 *   call(key, params) → validate (nothing sent if invalid) → encode → for each attempt:
 *   take budget weight → sign the exact bytes → fetch with a timeout → decode.
 *
 * Only GETs are retried (network errors, timeouts, 5xx, 429), each retry with fresh budget and
 * a fresh signature. POSTs are never retried: a placement that timed out may have executed,
 * so the error says so and a person decides whether to resend with the same client order id.
 */
import { MemoryBudget, PERSON_WAIT_MS, type BudgetLease, type Priority, type WeightBudget } from "./budget";
import { decodeResponse, encodeRequest, errorInfo, requestSchema, type EncodedRequest } from "./codec";
import { CONTRACT_ORDER_CAP, ENDPOINTS, toWeexPage, type EndpointKey, type PagedKey, type ParamsOf, type ResultOf } from "./endpoints";
import type { CommissionRecord, InviteeRecord, InviteeTotalsRecord, SpotOrderRecord, SubAffiliateRecord, WithdrawalRecord } from "./records";
import type { EndpointDef } from "./endpoint-def";
import type { WeexPage } from "./paging";
import { isNotServed, METHOD_NOT_SUPPORTED, validationError, WeexError } from "./errors";
import { OrderCapGate, type OrderCap, type OrderCapLimits } from "./order-cap";
import { currentParty } from "./party";
import { fullJitter, pauseAfter429, provesNotSent, sleep } from "./retry";
import { signedHeaders, type Credentials } from "./sign";

/** The part of a pino logger we use. */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface WeexClientOptions {
  spotBaseUrl: string;
  contractBaseUrl: string;
  credentials: Credentials;
  /** for order endpoints (access "trade"); falls back to `credentials` */
  tradeCredentials?: Credentials;
  /** default: an in-process MemoryBudget with WEEX's limits */
  budget?: WeightBudget;
  /** per attempt, default 10 000 */
  timeoutMs?: number;
  /** extra attempts for GETs, default 2 */
  retries?: number;
  /** first backoff step before a GET retry (full jitter), default 200 */
  retryBaseMs?: number;
  /** first pause of all sending after an upstream 429 (doubles per attempt), default 1000 */
  rateLimitPauseMs?: number;
  /** the contract order cap kept by this client, default CONTRACT_ORDER_CAP (50 a minute) */
  orderCap?: OrderCapLimits;
  /** where the cap's slots are counted; default this process's memory (PostgreSQL: shared by every instance) */
  orderCapStore?: OrderCap;
  fetch?: typeof fetch;
  logger?: Logger;
  /** clock, for tests */
  now?: () => number;
}

export interface CallOptions {
  /**
   * interactive (a person waits, the default) or background (sync, backfill). A person's order
   * placement or modification goes as `order` (its own reserve, ahead of reads) by itself.
   */
  priority?: Priority;
  /** ends the wait for weight as well as the request */
  signal?: AbortSignal;
  /** how long to wait for budget weight before failing rate_limited, default PERSON_WAIT_MS (about one window) */
  budgetWaitMs?: number;
  /**
   * WEEX's optional `locale` request header ("en-US", "zh-CN"): the language WEEX may answer
   * messages in. Sent as given; not part of the signature.
   */
  locale?: string;
}

interface PageParams {
  page?: number | string;
  pageSize?: number | string;
}
export type CallParams<K extends EndpointKey> = ParamsOf<K> & (K extends PagedKey ? PageParams : unknown);

interface ItemTypes {
  withdrawals: WithdrawalRecord;
  subAffiliates: SubAffiliateRecord;
  invitees: InviteeRecord;
  allOrders: SpotOrderRecord;
  inviteeTotals: InviteeTotalsRecord;
  commissions: CommissionRecord;
}

interface Attempt {
  input: Record<string, unknown>;
  wire: EncodedRequest;
  creds: Credentials | undefined;
  /** 1 for the first try */
  attempt: number;
  signal?: AbortSignal;
  lease: void | BudgetLease;
  /** for the log: who waited for this request (bench/people.ts splits the budget by it) */
  priority: Priority;
  /** CallOptions.locale */
  locale?: string;
}

/**
 * How long the method that worked after a -1150 is used first for that endpoint. Without it
 * every call of a backfill would pay the refused request's weight before the one that works;
 * after it the documented method is tried again (WEEX may have fixed its side).
 */
export const METHOD_MEMORY_MS = 10 * 60_000;

export class WeexClient {
  private readonly opts: Required<Pick<WeexClientOptions, "timeoutMs" | "retries" | "retryBaseMs" | "rateLimitPauseMs">> & WeexClientOptions;
  private readonly budget: WeightBudget;
  private readonly orderGate: OrderCap;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  /** per endpoint: the method WEEX accepted after refusing the other one with -1150, and until when */
  private readonly methodThatWorked = new Map<string, { method: "GET" | "POST"; until: number }>();

  constructor(opts: WeexClientOptions) {
    this.opts = { timeoutMs: 10_000, retries: 2, retryBaseMs: 200, rateLimitPauseMs: 1000, ...opts };
    this.budget = opts.budget ?? new MemoryBudget();
    this.orderGate = opts.orderCapStore ?? new OrderCapGate(opts.orderCap ?? CONTRACT_ORDER_CAP);
    this.fetch = opts.fetch ?? globalThis.fetch;
    this.now = opts.now ?? Date.now;
  }

  /** Call one endpoint; business failures (success:false, …) are returned, errors thrown as WeexError. */
  async call<K extends EndpointKey>(key: K, params: CallParams<K>, opts: CallOptions = {}): Promise<ResultOf<K>> {
    const { result } = await this.run(key, params, opts);
    return result as ResultOf<K>;
  }

  /** Call a paged endpoint and answer in the dashboard's list shape. */
  async list<K extends PagedKey>(key: K, params: CallParams<K>, opts: CallOptions = {}): Promise<WeexPage<ItemTypes[K]>> {
    const { result, input } = await this.run(key, params, opts);
    const page = toWeexPage(key, result, input.page as number, input.pageSize as number) as WeexPage<ItemTypes[K]>;
    // Set-aside records are logged with their path and value (the answer reports them as warnings).
    for (const r of page.rejected ?? []) {
      this.opts.logger?.warn({ endpoint: key, page: input.page, path: r.problem.path, value: r.problem.value, reason: r.problem.reason }, "WEEX sent a record the dashboard cannot use; it is set aside and reported");
    }
    return page;
  }

  private async run(key: EndpointKey, params: unknown, opts: CallOptions) {
    const ep: EndpointDef = ENDPOINTS[key];
    const parsed = requestSchema(ep).safeParse(params ?? {});
    if (!parsed.success) throw validationError(parsed.error.issues);
    const result = await this.request(ep, parsed.data, encodeRequest(ep, parsed.data), opts);
    return { result, input: parsed.data };
  }

  /**
   * One call, with the answers to WEEX's published sources disagreeing (weex-facts.md):
   * - a read the documented method of which WEEX answers with -1150 is asked once more with
   *   the other method (`altMethod`; a read is safe to repeat), and the log says so; the method
   *   that worked is used first for that endpoint for METHOD_MEMORY_MS (per client);
   * - an affiliate report answered 404 or -1150 (after that) is "no longer served": a clear
   *   error for the person (`gone`), while the archive keeps serving what it holds.
   */
  private async request(ep: EndpointDef, input: Record<string, unknown>, wire: EncodedRequest, opts: CallOptions): Promise<unknown> {
    try {
      // The method that worked lately for this endpoint goes first (METHOD_MEMORY_MS). If that
      // method is refused now (404 or -1150: WEEX went back to its documented one), the
      // documented method is asked, and its answer is the answer.
      const learned = this.learnedMethod(ep);
      if (learned) {
        const other: EndpointDef = { ...ep, method: learned };
        try {
          return await this.send(other, input, encodeRequest(other, input), opts);
        } catch (e) {
          if (!(e instanceof WeexError) || !isNotServed(e)) throw e;
          this.methodThatWorked.delete(ep.key);
          this.opts.logger?.warn(
            { endpoint: ep.key, path: ep.path, method: learned, retryMethod: ep.method },
            `WEEX refused ${learned} ${ep.path}, which worked lately; asking with the documented ${ep.method} again`,
          );
          return await this.send(ep, input, wire, opts);
        }
      }
      try {
        return await this.send(ep, input, wire, opts);
      } catch (e) {
        if (!(e instanceof WeexError) || e.upstream?.code !== METHOD_NOT_SUPPORTED || !ep.altMethod || ep.placesOrder) throw e;
        const alt: EndpointDef = { ...ep, method: ep.altMethod };
        this.opts.logger?.warn(
          { endpoint: ep.key, path: ep.path, method: ep.method, retryMethod: alt.method },
          `WEEX answered -1150 (request method not supported) for ${ep.method} ${ep.path}; asking once more with ${alt.method}, and using it first for ${METHOD_MEMORY_MS / 60_000} minutes`,
        );
        const result = await this.send(alt, input, encodeRequest(alt, input), opts);
        this.methodThatWorked.set(ep.key, { method: alt.method, until: this.now() + METHOD_MEMORY_MS });
        return result;
      }
    } catch (e) {
      if (e instanceof WeexError && ep.report && isNotServed(e)) {
        throw new WeexError(
          "upstream",
          `WEEX no longer serves this report (${ep.report}: ${ep.path} answered ${e.upstream?.code === METHOD_NOT_SUPPORTED ? "-1150, request method not supported" : "HTTP 404"}). What the archive holds is still available with source=archive.`,
          { upstream: e.upstream, gone: true },
        );
      }
      throw e;
    }
  }

  /** The method that worked for this endpoint after a -1150, while remembered (the log says when it is forgotten). */
  private learnedMethod(ep: EndpointDef): "GET" | "POST" | undefined {
    const learned = this.methodThatWorked.get(ep.key);
    if (!learned) return undefined;
    if (learned.until > this.now()) return learned.method;
    this.methodThatWorked.delete(ep.key);
    this.opts.logger?.info({ endpoint: ep.key, path: ep.path, method: ep.method }, `asking the documented ${ep.method} ${ep.path} again`);
    return undefined;
  }

  private async send(ep: EndpointDef, input: Record<string, unknown>, wire: EncodedRequest, opts: CallOptions): Promise<unknown> {
    const creds = ep.access === "public" ? undefined : ep.access === "trade" ? (this.opts.tradeCredentials ?? this.opts.credentials) : this.opts.credentials;
    const cost = { ip: ep.ipWeight, uid: ep.uidWeight, uidKey: creds?.apiKey ?? "public" };
    const attempts = ep.method === "GET" ? this.opts.retries + 1 : 1;

    for (let attempt = 1; ; attempt++) {
      // Over the order cap: refused before waiting for weight (and again just before sending).
      if (ep.orderCap) await this.refuseOverOrderCap(cost.uidKey);
      const budgetWaitMs = opts.budgetWaitMs ?? PERSON_WAIT_MS;
      const priority = priorityOf(ep, opts.priority);
      // Who asks comes from the request's context (party.ts says why), not from every caller.
      const party = priority === "background" ? undefined : currentParty();
      // (with the people's wait, a person's next request waits for its turn: budget.ts PERSON_WAIT_MS)
      const turn = opts.budgetWaitMs === undefined;
      const lease = await this.budget.acquire(cost, { deadline: this.now() + budgetWaitMs, priority, signal: opts.signal, party, turn });
      const slot = ep.orderCap ? await this.takeOrderSlot(cost.uidKey, lease) : undefined;
      try {
        return await this.attempt(ep, { input, wire, creds, attempt, signal: opts.signal, lease, priority, locale: opts.locale });
      } catch (e) {
        // A placement WEEX refused (429) or never received does not count against the cap.
        if (slot !== undefined && e instanceof WeexError && !e.maybeExecuted && (e.kind === "rate_limited" || e.kind === "unavailable")) {
          await Promise.resolve(this.orderGate.release(cost.uidKey, slot)).catch((err: unknown) => this.opts.logger?.warn({ err: String(err) }, "order cap: could not give a slot back"));
        }
        const retryable = e instanceof WeexError && (e.kind === "timeout" || e.kind === "unavailable" || e.kind === "rate_limited");
        if (!retryable || attempt >= attempts || opts.signal?.aborted) throw e;
        // After a 429 the budget is paused; the next acquire waits that out. Otherwise back off.
        if (e.kind !== "rate_limited") await sleep(fullJitter(this.opts.retryBaseMs, attempt), opts.signal);
        this.opts.logger?.warn({ endpoint: ep.key, method: ep.method, path: ep.path, attempt, error: e.kind }, "retrying WEEX request");
      }
    }
  }

  /** One HTTP exchange: sign with a fresh timestamp, send, read, decode. */
  private async attempt(ep: EndpointDef, a: Attempt) {
    const { input, wire, creds, attempt, signal } = a;
    const base = ep.side === "spot" ? this.opts.spotBaseUrl : this.opts.contractBaseUrl;
    const url = `${base.replace(/\/+$/, "")}${ep.path}${wire.query ? `?${wire.query}` : ""}`;
    const headers: Record<string, string> = { Accept: "application/json" };
    if (ep.method === "POST") headers["Content-Type"] = "application/json";
    if (a.locale) headers.locale = a.locale;
    if (creds) Object.assign(headers, signedHeaders(creds, ep.method, ep.path, wire.query, wire.body, this.now()));

    const ctrl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, this.opts.timeoutMs);
    const onCallerAbort = () => ctrl.abort(signal?.reason);
    signal?.addEventListener("abort", onCallerAbort, { once: true });
    const started = performance.now();
    const log = { endpoint: ep.key, method: ep.method, path: ep.path, attempt, priority: a.priority };

    try {
      const res = await this.fetch(url, {
        method: ep.method,
        headers,
        body: ep.method === "POST" ? wire.body : undefined,
        signal: ctrl.signal,
        // A redirect would re-send a signed request somewhere else; treat it as an error.
        redirect: "manual",
      });
      const text = await res.text();
      const durationMs = Math.round(performance.now() - started);
      if (res.status === 429) {
        const pauseMs = pauseAfter429(res.headers, attempt, this.opts.rateLimitPauseMs);
        await this.budget.pause(this.now() + pauseMs);
        this.opts.logger?.warn({ ...log, status: 429, durationMs, pauseMs, weight: weightHeaders(res.headers) }, "WEEX answered 429; pausing all requests");
        const { code, msg } = errorInfo(text) ?? {};
        throw new WeexError("rate_limited", "WEEX rate limit reached", { upstream: { status: 429, code, msg }, retryAfterMs: pauseMs });
      }
      this.opts.logger?.info({ ...log, status: res.status, durationMs }, "WEEX request");
      return decodeResponse(ep, res.status, text, input);
    } catch (e) {
      if (e instanceof WeexError) throw this.withPlacementAdvice(ep, input, e);
      if (signal?.aborted) throw signal.reason;
      const durationMs = Math.round(performance.now() - started);
      this.opts.logger?.warn({ ...log, durationMs, error: timedOut ? "timeout" : "network" }, "WEEX request failed");
      throw this.transportError(ep, input, timedOut, e);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onCallerAbort);
      // WEEX counted the request when it arrived, at the latest now: hold its weight from here.
      void Promise.resolve(a.lease?.done(this.now())).catch((e: unknown) => this.opts.logger?.warn({ err: String(e) }, "budget lease failed"));
    }
  }

  /** Throw `rate_limited` (nothing sent) when the order cap has no slot now. */
  private async refuseOverOrderCap(account: string): Promise<void> {
    const waitMs = await this.orderGate.waitMs(account, this.now());
    if (waitMs > 0) throw this.orderCapError(waitMs);
  }

  /** Take an order slot for the placement about to be sent; its ref, to give it back if WEEX never got it. */
  private async takeOrderSlot(account: string, lease: void | BudgetLease): Promise<number> {
    const at = this.now();
    const slot = await Promise.resolve(this.orderGate.take(account, at)).catch((e: unknown) => {
      // The shared cap could not be asked (the database): not sent, like any refusal.
      void Promise.resolve(lease?.done(at)).catch(() => undefined);
      throw new WeexError("unavailable", "The order cap could not be checked; the order was not sent.", { cause: e });
    });
    if (!slot.ok) {
      // Another placement (here or in another instance) took the last slot while this one waited for weight.
      void Promise.resolve(lease?.done(at)).catch(() => undefined);
      throw this.orderCapError(slot.waitMs);
    }
    return slot.ref;
  }

  private orderCapError(waitMs: number): WeexError {
    const cap = (this.opts.orderCap ?? CONTRACT_ORDER_CAP).orders;
    return new WeexError("rate_limited", `At most ${cap} new contract orders a minute can be placed; this one was not sent.`, { retryAfterMs: waitMs });
  }

  /** Timeout or lost connection; for a placement, say that it may have been executed. */
  private transportError(ep: EndpointDef, input: Record<string, unknown>, timedOut: boolean, cause: unknown): WeexError {
    const seconds = Math.round(this.opts.timeoutMs / 100) / 10;
    const what = timedOut ? `WEEX did not answer within ${seconds} s` : "The connection to WEEX failed";
    const kind = timedOut ? "timeout" : "unavailable";
    const neverSent = !timedOut && provesNotSent(cause);
    if (!ep.placesOrder || neverSent) return new WeexError(kind, `${what}.`, { cause });
    return new WeexError(kind, `${what}. ${ep.placesOrder.maybeDone(input)}`, { cause, maybeExecuted: true });
  }

  /**
   * A 5xx from a gateway in front of WEEX does not prove a placement failed, and an unreadable
   * 200 most likely means it succeeded: either way the person must check before resending.
   */
  private withPlacementAdvice(ep: EndpointDef, input: Record<string, unknown>, e: WeexError): WeexError {
    if (ep.placesOrder && e.kind === "rate_limited") {
      // WEEX refuses before executing: too many requests (the weights) or too many orders (the cap).
      return new WeexError("rate_limited", `WEEX answered 429 (too many requests or too many orders a minute). ${ep.placesOrder.notDone}.`, { upstream: e.upstream, retryAfterMs: e.retryAfterMs });
    }
    if (!ep.placesOrder || (e.kind !== "unavailable" && e.kind !== "malformed")) return e;
    const message = `${e.message.replace(/\.?$/, ".")} ${ep.placesOrder.maybeDone(input)}`;
    return new WeexError(e.kind, message, { upstream: e.upstream, maybeExecuted: true });
  }
}

/** A person's placement or modification uses the order reserve; everything else keeps its priority. */
function priorityOf(ep: EndpointDef, asked: Priority = "interactive"): Priority {
  return asked === "interactive" && ep.placesOrder ? "order" : asked;
}

/** The `X-*-WEIGHT-*` headers WEEX sometimes sends, for the log only (never relied on). */
function weightHeaders(headers: Headers): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (/^x-.*weight/i.test(name)) out[name] = value;
  });
  return Object.keys(out).length ? out : undefined;
}
