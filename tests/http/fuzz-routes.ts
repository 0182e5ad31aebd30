/**
 * What the fuzz suite knows about each route (fuzz.test.ts): its fields with valid and invalid
 * values (from the interface document and dashboard-api.md), how many inputs of each kind to
 * send, and what a maybe-valid input may be answered with. Keyed like the route files under
 * app/api, so a route file without a model here fails the suite.
 */
import fc from "fast-check";
import { b, HOUR, NOW, pick, q, recentEnd, recentStart, type Change, type Field, type InputModel, type Json } from "./fuzz-inputs";
import type { Method } from "./route-files";
import { SHARE_PAGE_KEYS } from "../../lib/contract/share";
import { DAY_MS } from "../../lib/time/calendar";


export interface Runs {
  /** inputs made invalid on purpose: 400 validation_error, no upstream request */
  broken: number;
  /** fields drawn from valid, invalid and absent: no 5xx, a 400 makes no upstream request */
  mixed: number;
}

export interface ValidatedRoute {
  kind: "validated";
  /** the session that passes the role gate */
  role: "trader" | "admin";
  /** the request path; for dynamic segments, valid values and values the route must reject */
  path: string | { valid: fc.Arbitrary<string>; invalid: fc.Arbitrary<string>; build: (segment: string) => string };
  query?: InputModel<string>;
  body?: InputModel<Json>;
  runs: Runs;
  /** statuses a maybe-valid input may get besides 400 */
  ok: number[];
  /** the route's body limit when larger than the 64 KB every other route reads (the referral check) */
  maxBodyBytes?: number;
  /** a path for the mixed inputs, if not the valid path (e.g. a user made for the purpose) */
  mixedPath?: () => string;
}

/** A route that reads no input we send: any query string (and body) gets `status`. */
export interface FixedRoute {
  kind: "fixed";
  role?: "trader" | "admin";
  paths: fc.Arbitrary<string>;
  status: number[];
  runs: number;
  withBody?: boolean;
  /** next-auth's own endpoints answer in their own shapes */
  foreign?: boolean;
}

export type RouteModel = ValidatedRoute | FixedRoute;

// ---------------------------------------------------------------------------------------------
// Field helpers

const time = (valid: fc.Arbitrary<number>): Field<string> => q.time(valid);
/** In mixed inputs as well as valid bases, so an expensive route never asks for everything. */
const kept = <V>(f: Field<V>): Field<V> => ({ ...f, keep: true });

const SOURCES = ["auto", "archive", "live"] as const;
const source = q.enumOf(SOURCES);
const productType = q.enumOf(["SPOT", "FUTURES"]);
/** ids are Longs (the interface document): 1 … 2^63-1 */
const anyId = fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }).map(String);
const page = q.int(1, 1_000_000, 3);
/** A route over the users registered in a range (funnel, invite codes): both ends required, the invitee year. */
const invitedInRange = (path: string) => ({
  GET: {
    kind: "validated" as const,
    role: "trader" as const,
    path,
    query: {
      strict: true,
      fields: { startTime: { ...time(recentStart), required: true }, endTime: { ...time(recentEnd), required: true }, source },
      combos: fc.oneof(reversed, tooOld(367)),
    },
    runs: { broken: 45, mixed: 8 },
    ok: [200, 429],
  },
});

/** The invitee list's and export's filters that WEEX cannot filter by. */
const inviteeExtras = {
  stage: q.enumOf(["registered", "kyc", "deposited", "traded"]),
  activity: q.enumOf(["active", "dormant", "never"]),
  activeDays: q.int(1, 3660, 90),
  // (an empty value is no value: route() reads `inviteCode=` as absent, as a form's empty field)
  inviteCode: { valid: pick(["ABC123", "x", "code with space"]), invalid: pick(["   ", "x".repeat(65)]) } as Field<string>,
};

/** end before start (the only window rule every source shares) */
const reversed: fc.Arbitrary<Change<string>[]> = fc.tuple(recentStart, fc.integer({ min: 1, max: 10 * DAY_MS })).map(([s, d]) => [
  { op: "set", key: "startTime", value: String(s) },
  { op: "set", key: "endTime", value: String(s - d) },
]);

/** too old for the upstream (live and auto only: the archive keeps older history) */
function tooOld(maxAgeDays: number): fc.Arbitrary<Change<string>[]> {
  return fc.tuple(fc.integer({ min: maxAgeDays + 3, max: maxAgeDays + 400 }), pick(["live", "auto"])).map(([days, src]) => [
    { op: "set", key: "startTime", value: String(NOW - days * DAY_MS) },
    { op: "set", key: "endTime", value: String(NOW - (days - 1) * DAY_MS) },
    { op: "set", key: "source", value: src },
  ]);
}

/** invitees: at most 90 days per query (live and auto) */
const tooLong: fc.Arbitrary<Change<string>[]> = fc.tuple(fc.integer({ min: 92, max: 300 }), pick(["live", "auto"])).map(([span, src]) => [
  { op: "set", key: "startTime", value: String(NOW - 340 * DAY_MS) },
  { op: "set", key: "endTime", value: String(NOW - 340 * DAY_MS + span * DAY_MS) },
  { op: "set", key: "source", value: src },
]);

/** source=live reads commission records for a week at most (LIVE_COMMISSION_MAX_DAYS) */
const liveTooLong: fc.Arbitrary<Change<string>[]> = fc.integer({ min: 8, max: 60 }).map((days) => [
  { op: "set", key: "startTime", value: String(NOW - days * DAY_MS) },
  { op: "set", key: "endTime", value: String(NOW) },
  { op: "set", key: "source", value: "live" },
]);

/**
 * The value list's ranges: the last hours. Its live and auto answers walk every commission record
 * of the range from WEEX (a day and a half at scale 1: ~30 pages, 10-20 s of the budget), which
 * says nothing more about validation than an hour does and would outlast the test's minute.
 */
const valueFields = {
  startTime: { ...time(fc.integer({ min: NOW - 3 * HOUR, max: NOW - 2 * HOUR })), required: true },
  endTime: { ...time(fc.integer({ min: NOW - HOUR, max: NOW })), required: true },
  uid: q.id(anyId),
  inviteCode: inviteeExtras.inviteCode,
  sort: q.enumOf(["commission", "volume", "deposits"]),
  coin: q.text(pick(["USDT", "BTC", "usdt"]), 20),
  source,
};

/** source=live names no invite codes (a year of WEEX's invitee pages): it refuses a code filter. */
const valueTogether = (entries: Array<[string, string]>) => !(entries.some(([k, v]) => k === "source" && v === "live") && entries.some(([k]) => k === "inviteCode"));

/** an invite-code filter with source=live */
const liveByCode: fc.Arbitrary<Change<string>[]> = pick(["ABC123", "x"]).map((code) => [
  { op: "set", key: "inviteCode", value: code },
  { op: "set", key: "source", value: "live" },
]);

const commissionFields = {
  uid: q.id(anyId),
  coin: q.text(pick(["USDT", "BTC"]), 20),
  productType,
  symbol: q.text(pick(["cmt_btcusdt", "BTCUSDT"]), 40),
  sourceType: q.int(1, 2),
  startTime: kept(time(recentStart)),
  endTime: kept(time(recentEnd)),
  source,
};

const subAffiliateFilter = {
  productType,
  subUid: q.id(anyId),
  startTime: kept(time(recentStart)),
  endTime: kept(time(recentEnd)),
  source,
};

const withdrawalFilter = {
  withdrawID: q.text(fc.bigInt({ min: 1n, max: 10n ** 18n }).map(String), 64),
  coin: q.text(pick(["USDT", "BTC", "ETH"]), 20),
  startTime: kept(time(fc.integer({ min: NOW - 2 * DAY_MS, max: NOW - DAY_MS }))),
  endTime: kept(time(recentEnd)),
  fromAccountType: q.enumOf(["SPOT", "FUND"]),
  toAccountType: q.enumOf(["SPOT", "FUND"]),
  source,
};

const symbols = pick(["BTCUSDT", "ETHUSDT"]);

// Order bodies --------------------------------------------------------------------------------

let orderSeq = 0;
/** A client order id never used before (the simulator rejects duplicates). */
const freshId = (max: number) => fc.constant(null).map(() => `fz-${NOW.toString(36)}-${(orderSeq++).toString(36)}`.slice(0, max));

const placeOrder: InputModel<Json> = {
  strict: true,
  fields: {
    symbol: b.text(pick(["cmt_btcusdt", "cmt_ethusdt"]), ["", " ", "cmt btcusdt", "😀", "\u0000"], true, 40),
    side: b.enumOf(["BUY", "SELL"], true),
    positionSide: b.enumOf(["LONG", "SHORT"], true),
    type: b.enumOf(["MARKET"], true),
    timeInForce: b.enumOf(["GTC", "IOC", "FOK"], false),
    quantity: b.decimal(true, true),
    price: b.decimal(true, false),
    newClientOrderId: b.text(freshId(36), ["", "has space", "hash#1", "x".repeat(37), "é", "a\u0000"], true, 36),
    tpTriggerPrice: b.decimal(true, false),
    slTriggerPrice: b.decimal(true, false),
    TpWorkingType: b.enumOf(["CONTRACT_PRICE", "MARK_PRICE"], false),
    SlWorkingType: b.enumOf(["CONTRACT_PRICE", "MARK_PRICE"], false),
  },
  // a LIMIT order needs both price and timeInForce
  combos: pick(["price", "timeInForce"]).map((missing) => [
    { op: "remove", key: missing },
    { op: "set", key: "type", value: "LIMIT" },
  ]),
};

const placePlan: InputModel<Json> = {
  strict: true,
  fields: {
    symbol: b.text(pick(["cmt_btcusdt"]), ["", " ", "a b", "😀"], true, 40),
    clientOrderId: b.text(freshId(40), ["", " ", "has space", "é", "c".repeat(41)], true, 40),
    planType: b.enumOf(["profit_plan", "loss_plan"], true),
    triggerPrice: b.decimal(true, true),
    executePrice: b.decimal(false, false),
    size: b.decimal(true, true),
    positionSide: b.enumOf(["long", "short"], true),
    marginMode: b.intOneOf([1, 3], false),
  },
};

const modifyPlan: InputModel<Json> = {
  strict: true,
  fields: {
    triggerPrice: b.decimal(true, true),
    executePrice: b.decimal(false, false),
    triggerPriceType: b.intOneOf([1, 3], false),
  },
};

/** path segments that are not a positive integer id */
const badOrderIds = fc.oneof(
  pick(["abc", "0", "-1", "01", "1e5", "1.5", "+1", "%20", "😀", "9".repeat(25), "1%2F2", "x".repeat(300), "null", "NaN", "__proto__", "constructor"]),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }).filter((s) => !/^[1-9]\d{0,19}$/.test(s.trim()) && !/^\.+$/.test(s)),
);

// Admin bodies --------------------------------------------------------------------------------

const role = b.enumOf(["viewer", "trader", "admin"], true);
const password = (required: boolean) =>
  b.text(fc.string({ unit: "grapheme-ascii", minLength: 8, maxLength: 40 }), ["", "short", "1234567", "é".repeat(37), "x".repeat(73), "😀".repeat(19)], required);

const newUser: InputModel<Json> = {
  strict: true,
  fields: {
    username: b.text(
      fc.stringMatching(/^[a-z0-9]{1,12}$/).map((s) => `fz-${s}`),
      ["", " ", "-starts-with-dash", ".dot", "has space", "😀", "ü", "a/b", "x".repeat(65), "a\u0000b"],
      true,
    ),
    password: password(true),
    role,
    // where a partner's own reports go
    email: b.text(pick(["kol1@example.test", "a.b+c@example.com"]), ["not an address", "@example.test", "a@", " ", "a b@example.test"], false, 320),
  },
};

const userChanges: InputModel<Json> = {
  strict: true,
  fields: {
    role: { ...role, required: false },
    password: password(false),
    disabled: b.bool(false),
    // an address, or null to remove it
    email: { valid: fc.oneof(pick<Json>(["kol1@example.test", null])), invalid: pick<Json>(["not an address", "@example.test", "", 0, true, [], {}, "x".repeat(330)]), required: false },
  },
  // nothing to change
  combos: fc.constant([
    { op: "remove", key: "role" },
    { op: "remove", key: "password" },
    { op: "remove", key: "disabled" },
    { op: "remove", key: "email" },
  ]),
};

const syncAction: InputModel<Json> = {
  strict: true,
  fields: {
    action: b.enumOf(["sync", "resync"], true),
    dataset: b.enumOf(["subAffiliates", "invitees", "withdrawals"], true),
    from: b.time(),
    to: b.time(),
  },
  combos: fc.oneof(
    // from/to are for resync only
    fc.tuple(pick(["from", "to"]), fc.integer({ min: NOW - 10 * DAY_MS, max: NOW })).map(([key, t]) => [
      { op: "set", key: "action", value: "sync" } as Change<Json>,
      { op: "set", key, value: t } as Change<Json>,
    ]),
    // to before from
    fc.integer({ min: NOW - 10 * DAY_MS, max: NOW }).map((t) => [
      { op: "set", key: "action", value: "resync" } as Change<Json>,
      { op: "set", key: "from", value: t } as Change<Json>,
      { op: "set", key: "to", value: t - 1 } as Change<Json>,
    ]),
  ),
};

// API tokens
const newToken: InputModel<Json> = {
  strict: true,
  fields: {
    name: b.text(fc.stringMatching(/^[A-Za-z0-9 ]{1,40}$/).filter((s) => s.trim() !== ""), ["", "   ", "a\u0000b", "tab\there"], true, 120),
    // in the future, at most a year away (what is past or further is refused by the server, 400 naming expiresAt)
    expiresAt: {
      valid: fc.integer({ min: NOW + DAY_MS, max: NOW + 300 * DAY_MS }),
      invalid: pick<Json>(["abc", "", -1, 1.5, null, true, [], {}, NOW - DAY_MS, NOW + 400 * DAY_MS, "1e400"]),
      required: true,
    },
    role: b.enumOf(["viewer", "trader"], false),
    write: b.bool(false),
    inUrl: { valid: fc.constant<Json>(false), invalid: pick<Json>(["true", 0, 1, null, "", [], {}, "yes"]), required: false },
  },
  // a token for URLs is a read-only viewer token
  combos: pick<Change<Json>[]>([
    [
      { op: "set", key: "inUrl", value: true },
      { op: "set", key: "write", value: true },
    ],
    [
      { op: "set", key: "inUrl", value: true },
      { op: "set", key: "role", value: "trader" },
    ],
  ]),
};

// ---------------------------------------------------------------------------------------------
// The routes

const junkApiPath = fc
  .tuple(
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }).filter((s) => !/^\.+$/.test(s)),
    fc.option(fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }).filter((s) => !/^\.+$/.test(s)), { nil: undefined }),
  )
  .map(([a, c]) => `/api/fz-${encodeURIComponent(a)}${c === undefined ? "" : `/${encodeURIComponent(c)}`}`);

const notFound = (withBody: boolean): FixedRoute => ({ kind: "fixed", paths: junkApiPath, status: [404], runs: withBody ? 10 : 25, withBody });

/** next-auth actions that are not a sign-in (sign-in attempts count towards the login throttle of 127.0.0.1) */
const authGetPaths = fc.oneof(
  pick(["session", "csrf", "providers", "signin", "signout", "error", "verify-request"]),
  fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 20 }).filter((s) => /^[\w-]+$/.test(s) && !/^(callback|signin)/i.test(s)),
).map((a) => `/api/auth/${a}`);

// Alerts
const hexId = fc.stringMatching(/^[0-9a-f]{16}$/);
const alertIdPath = (what: string): ValidatedRoute["path"] => ({
  valid: hexId,
  invalid: fc.integer({ min: 65, max: 300 }).map((n) => "a".repeat(n)),
  build: (id) => `/api/alerts/${what}/${encodeURIComponent(id)}`,
});
const alertName = b.text(fc.stringMatching(/^[A-Za-z0-9 ]{1,40}$/).filter((s) => s.trim() !== ""), ["", "   ", "x".repeat(121)], true);
const zoneField = b.text(pick(["UTC", "Europe/Berlin", "Asia/Tokyo"]), ["Mars/Base", "utc+1", "", "Europe/Nowhere"], false);
/** A risk flag's id in its path: digits (none exists on the shared server: 404). */
const riskFlagPath: ValidatedRoute["path"] = { valid: fc.integer({ min: 100_000_000, max: 2_000_000_000 }).map(String), invalid: pick(["abc", "1.5", "-1", "9".repeat(19)]), build: (id) => `/api/risk/flags/${encodeURIComponent(id)}` };
/** The risk flags' filters (the list's and its export's). */
const riskFlagFilter = {
  state: q.enumOf(["open", "dismissed", "confirmed", "expired"]),
  rule: q.enumOf(["inAndOut", "churn", "signupBurst", "hollowSignups", "twinDeposits", "subSpike", "fundedInvitee", "concentration"]),
  severity: q.enumOf(["low", "medium", "high"]),
  subjectType: q.enumOf(["invitee", "subAffiliate", "inviteCode", "account"]),
  startTime: time(recentStart),
  endTime: time(recentEnd),
};
const alertRule: InputModel<Json> = {
  strict: true,
  fields: {
    name: alertName,
    kind: b.enumOf(["drop", "silent", "dormant", "daily", "riskFlag"], true),
    timeZone: zoneField,
    enabled: b.bool(false),
    quiet: { valid: pick<Json>([null, { from: "22:00", to: "07:00" }]), invalid: pick<Json>([{ from: "25:00", to: "07:00" }, { from: "22:00", to: "22:00" }, "22-07", [], { from: "22:00" }]) },
    destinationIds: { valid: fc.constant<Json>([]), invalid: pick<Json>(["x", [1], [""], {}, null]) },
  },
};
const alertRulePatch: InputModel<Json> = {
  strict: true,
  fields: { name: { ...alertName, required: false }, timeZone: zoneField, enabled: b.bool(false) },
};
const alertDestination: InputModel<Json> = {
  strict: true,
  fields: {
    kind: { valid: fc.constant<Json>("email"), invalid: pick<Json>(["sms", "EMAIL", "", null, 1]), required: true },
    name: alertName,
    email: b.text(pick(["ops@example.test", "a.b@c.example"]), ["not-an-email", "@x", "a@", "", "a b@c.d"], true),
  },
};
/** POST /api/share-links: a view, its filters, an expiry within 90 days, a password of the rules' length. */
/** POST /api/links: a WEEX destination (another host, another scheme or a relative URL is a 400 as much as a wrong type). */
const linkBody: InputModel<Json> = {
  strict: true,
  fields: {
    slug: b.text(fc.stringMatching(/^[a-z0-9_-]{12,20}$/), ["ab", "UPPER", "with space", "a/b/c", "", "é-é-é"], false, 64),
    destination: b.text(
      pick(["https://www.weex.com/register?vipCode=FUZZ", "https://weex.com/", "https://m.weex.com/campaign?vipCode=FUZZ"]),
      ["https://evil.example/", "https://weex.com.evil.example/", "javascript:alert(1)", "//weex.com/", "http://weex.com/", "/register", "", " "],
      true,
      2048,
    ),
    inviteCode: b.text(pick(["FUZZCODE", "abc123"]), ["", " ", "two words", "中文"], true, 64),
    channel: b.text(pick(["telegram", "YouTube", "x"]), ["", "new\nline"], false, 64),
    campaign: b.text(pick(["launch", "Black Friday"]), ["", "tab\there"], false, 128),
    utm: { valid: fc.record({ source: pick(["telegram", "x"]), medium: pick(["social", "video"]) }, { requiredKeys: [] }), invalid: pick<Json>([null, "telegram", 1, [], { source: 1 }, { other: "x" }, { source: "" }]) },
  },
};

const shareLink: InputModel<Json> = {
  strict: true,
  fields: {
    page: b.enumOf(SHARE_PAGE_KEYS, true),
    query: b.text(pick(["", "?startTime=1&endTime=2", "sort=deposits"]), [1, null, true], false, 2000),
    expiresAt: b.text(
      fc.integer({ min: 2, max: 80 * 24 }).map((h) => new Date(NOW + h * HOUR).toISOString()),
      ["tomorrow", "2026-13-01T00:00:00Z", "2026-01-01", "", String(NOW + DAY_MS), new Date(NOW - DAY_MS).toISOString(), new Date(NOW + 120 * DAY_MS).toISOString()],
      true,
    ),
    password: b.text(pick(["correct horse battery", "12345678x"]), ["short", "", 12345678, null], false, 200),
    allowExport: b.bool(false),
  },
};
/** POST /api/share-links/unlock (public; sent with a session, which it ignores): a token no link has (a valid input answers 401), and a password. */
const shareUnlock: InputModel<Json> = {
  strict: true,
  fields: {
    token: b.text(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), [1, null, "x".repeat(101), []], true),
    password: b.text(pick(["wrong password", "x"]), [1, null, "x".repeat(201), {}], true),
  },
};
const alertSchedule: InputModel<Json> = {
  strict: true,
  fields: {
    name: alertName,
    cadence: b.enumOf(["weekly", "monthly"], true),
    timeZone: zoneField,
    // (each-partner takes no destinationIds: tests/http/partner-reports.test.ts)
    audience: b.enumOf(["destinations"], false),
    destinationIds: { valid: fc.constant<Json>(["0123456789abcdef"]), invalid: pick<Json>([[], "x", [1], null]), required: true },
  },
};

export const MODELS: Record<string, Partial<Record<Method, RouteModel>>> = {
  "[...path]": {
    GET: notFound(false),
    POST: notFound(true),
    PUT: notFound(true),
    PATCH: notFound(true),
    DELETE: notFound(true),
  },
  health: { GET: { kind: "fixed", paths: fc.constant("/api/health"), status: [200], runs: 15 } },
  "auth/[...nextauth]": {
    GET: { kind: "fixed", paths: authGetPaths, status: [200, 302, 400, 404, 405], runs: 20, foreign: true },
    // (413: a body past the 64 KB every route reads at most)
    POST: { kind: "fixed", paths: pick(["/api/auth/signout", "/api/auth/session", "/api/auth/_log"]), status: [200, 302, 400, 403, 404, 405, 413], runs: 10, withBody: true, foreign: true },
  },
  "admin/users": {
    GET: { kind: "fixed", role: "admin", paths: fc.constant("/api/admin/users"), status: [200], runs: 15 },
    POST: { kind: "validated", role: "admin", path: "/api/admin/users", body: newUser, runs: { broken: 45, mixed: 6 }, ok: [201] },
  },
  "admin/users/[id]": {
    PATCH: {
      kind: "validated",
      role: "admin",
      // any id (the body is broken) or one longer than 64 characters
      path: {
        valid: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 64 }).filter((s) => !/^\.+$/.test(s)),
        invalid: fc.integer({ min: 65, max: 400 }).map((n) => "7".repeat(n)),
        build: (id) => `/api/admin/users/${encodeURIComponent(id)}`,
      },
      body: userChanges,
      runs: { broken: 45, mixed: 8 },
      ok: [200],
      // set by the suite: a user made for the purpose (a valid change must not lock anyone out)
      mixedPath: undefined,
    },
  },
  "admin/audit": {
    GET: {
      kind: "validated",
      role: "admin",
      path: "/api/admin/audit",
      query: {
        strict: true,
        fields: {
          username: { valid: pick(["admin", "trader", "nobody", "ÜSER"]), invalid: fc.integer({ min: 65, max: 500 }).map((n) => "u".repeat(n)) },
          action: { valid: pick(["login", "order.place", "x"]), invalid: fc.integer({ min: 65, max: 500 }).map((n) => "a".repeat(n)) },
          page,
          pageSize: q.int(1, 200, 20),
        },
      },
      runs: { broken: 45, mixed: 20 },
      ok: [200],
    },
  },
  "archive/status": {
    GET: { kind: "fixed", role: "trader", paths: fc.constant("/api/archive/status"), status: [200], runs: 15 },
  },
  "admin/sync": {
    GET: { kind: "fixed", role: "admin", paths: fc.constant("/api/admin/sync"), status: [200], runs: 15 },
    // (the shared server runs with ARCHIVE_SYNC=off: a valid request is answered 200 "this instance does not sync", not queued)
    POST: { kind: "validated", role: "admin", path: "/api/admin/sync", body: syncAction, runs: { broken: 45, mixed: 6 }, ok: [200] },
  },
  "reference/coins": {
    GET: { kind: "validated", role: "trader", path: "/api/reference/coins", query: { strict: true, fields: {} }, runs: { broken: 30, mixed: 3 }, ok: [200] },
  },
  "reference/symbols": {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/reference/symbols",
      query: {
        strict: true,
        fields: {
          symbol: q.text(symbols, 40),
          symbols: {
            valid: pick(["BTCUSDT,ETHUSDT", "ETHUSDT"]),
            invalid: fc.oneof(pick([",,,", " , ", "BTC USDT,ETHUSDT", "BTCUSDT,😀", `${"x".repeat(41)}`, Array(101).fill("BTCUSDT").join(",")]), fc.constant("\u00a0,\u00a0")),
          },
          symbolStatus: q.enumOf(["TRADING"]),
        },
        combos: fc.tuple(symbols, symbols).map(([a, c]) => [
          { op: "set", key: "symbol", value: a },
          { op: "set", key: "symbols", value: c },
        ]),
      },
      runs: { broken: 45, mixed: 10 },
      // Each filter is its own cache entry and its own upstream call: while other suites spend
      // the shared budget, the honest answer is 429 with a Retry-After (checked by `check`).
      ok: [200, 429],
    },
  },
  "affiliate/invitees": {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/affiliate/invitees",
      query: {
        strict: true,
        fields: { uid: q.id(anyId), startTime: time(recentStart), endTime: time(recentEnd), page, pageSize: q.int(1, 100, 20), source, ...inviteeExtras },
        combos: fc.oneof(reversed, tooOld(366), tooLong),
      },
      runs: { broken: 45, mixed: 10 },
      ok: [200, 429],
    },
  },
  "affiliate/invitees/funnel": invitedInRange("/api/affiliate/invitees/funnel"),
  "affiliate/invitees/cohorts": {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/affiliate/invitees/cohorts",
      query: {
        strict: true,
        fields: {
          startTime: { ...time(recentStart), required: true },
          endTime: { ...time(recentEnd), required: true },
          by: q.enumOf(["week", "month"]),
          tz: { valid: pick(["UTC", "Asia/Shanghai", "America/New_York"]), invalid: pick(["Mars/Olympus", "+08:00", "utc ", "x".repeat(80)]) }, // (an empty value is no value: route() reads it as absent)
          source,
        },
        combos: fc.oneof(reversed, tooOld(367)),
      },
      runs: { broken: 45, mixed: 8 },
      ok: [200, 429],
    },
  },
  "affiliate/invitees/codes": invitedInRange("/api/affiliate/invitees/codes"),
  // What each invitee is worth
  "affiliate/invitees/value": {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/affiliate/invitees/value",
      query: { strict: true, fields: { ...valueFields, page, pageSize: q.int(1, 100, 20) }, combos: fc.oneof(reversed, tooOld(367), liveTooLong, liveByCode), validTogether: valueTogether },
      runs: { broken: 45, mixed: 8 },
      ok: [200, 429],
    },
  },
  "affiliate/invitees/value/export": {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/affiliate/invitees/value/export",
      query: { strict: true, fields: valueFields, combos: fc.oneof(reversed, tooOld(367), liveTooLong, liveByCode), validTogether: valueTogether },
      runs: { broken: 45, mixed: 4 },
      ok: [200, 429],
    },
  },
  "affiliate/commissions": {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/affiliate/commissions",
      query: { strict: true, fields: { ...commissionFields, page, pageSize: q.int(1, 100, 20) }, combos: fc.oneof(reversed, liveTooLong) },
      runs: { broken: 45, mixed: 8 },
      ok: [200, 429],
    },
  },
  "affiliate/commissions/export": {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/affiliate/commissions/export",
      query: { strict: true, fields: commissionFields, combos: fc.oneof(reversed, liveTooLong) },
      runs: { broken: 45, mixed: 4 },
      ok: [200, 429],
    },
  },
  "affiliate/commissions/series": {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/affiliate/commissions/series",
      query: {
        strict: true,
        fields: {
          ...commissionFields,
          startTime: { ...time(recentStart), required: true },
          endTime: { ...time(recentEnd), required: true },
          granularity: q.enumOf(["day", "week", "month"]),
          tz: { valid: pick(["UTC", "Asia/Shanghai"]), invalid: pick(["Mars/Olympus", "+08:00", "x".repeat(80)]) },
        },
        combos: fc.oneof(reversed, liveTooLong),
      },
      runs: { broken: 45, mixed: 6 },
      ok: [200, 429],
    },
  },
  "affiliate/referrals/verify": {
    POST: {
      kind: "validated",
      role: "trader",
      path: "/api/affiliate/referrals/verify",
      body: {
        strict: true,
        fields: {
          uids: { valid: fc.array(anyId, { minLength: 1, maxLength: 5 }), invalid: pick<Json>([[], ["abc"], "4200000001", [1.5], ["-1"], [null], {}]), required: true },
          source: b.enumOf(["auto", "live"], false),
        },
      },
      runs: { broken: 45, mixed: 6 },
      ok: [200, 429],
      // 10,000 uids of up to 19 digits (app/api/affiliate/referrals/verify/route.ts)
      maxBodyBytes: 10_000 * 24 + 1024,
    },
  },
  "affiliate/invitees/[uid]/assets": {
    GET: {
      kind: "validated",
      role: "trader",
      path: { valid: anyId, invalid: pick(["abc", "-1", "0", "1.5", "%20", "9".repeat(30)]), build: (uid) => `/api/affiliate/invitees/${encodeURIComponent(uid)}/assets` },
      query: { strict: true, fields: { startTime: time(recentStart), endTime: time(recentEnd) }, combos: reversed },
      runs: { broken: 30, mixed: 4 },
      // (a random uid is no direct invitee: 404)
      ok: [200, 404, 429],
    },
  },
  "affiliate/invitees/export": {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/affiliate/invitees/export",
      query: {
        strict: true,
        fields: { uid: q.id(anyId), startTime: kept(time(recentStart)), endTime: kept(time(recentEnd)), source, ...inviteeExtras },
        combos: fc.oneof(reversed, tooOld(367)),
      },
      runs: { broken: 45, mixed: 5 },
      ok: [200, 429],
    },
  },
  "affiliate/sub-affiliates": {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/affiliate/sub-affiliates",
      query: {
        strict: true,
        fields: { ...subAffiliateFilter, productType: { ...productType, required: true }, page, pageSize: q.int(1, 100, 20) },
        combos: reversed,
      },
      runs: { broken: 45, mixed: 10 },
      ok: [200, 429],
    },
  },
  "affiliate/sub-affiliates/series": {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/affiliate/sub-affiliates/series",
      query: {
        strict: true,
        fields: {
          ...subAffiliateFilter,
          granularity: q.enumOf(["day", "week", "month"]),
          tz: {
            valid: pick(["UTC", "Europe/Berlin", "Asia/Tokyo", "America/New_York"]),
            invalid: pick(["Mars/Olympus", "../etc/passwd", "UTC+99", "+01:00", " UTC", "Europe/Berlin/Extra/More", "😀", "x".repeat(65), "Europe\\Berlin", "Etc/GMT+99"]),
          },
        },
        combos: reversed,
      },
      runs: { broken: 45, mixed: 8 },
      ok: [200, 429],
    },
  },
  "affiliate/sub-affiliates/leaderboard": {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/affiliate/sub-affiliates/leaderboard",
      query: {
        strict: true,
        fields: {
          productType,
          startTime: kept(time(recentStart)),
          endTime: kept(time(recentEnd)),
          by: q.enumOf(["commission", "volume"]),
          limit: q.int(1, 100),
          source,
        },
        combos: reversed,
      },
      runs: { broken: 45, mixed: 8 },
      ok: [200, 429],
    },
  },
  "affiliate/sub-affiliates/export": {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/affiliate/sub-affiliates/export",
      query: { strict: true, fields: subAffiliateFilter, combos: reversed },
      runs: { broken: 45, mixed: 5 },
      ok: [200, 429],
    },
  },
  "affiliate/withdrawals": {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/affiliate/withdrawals",
      query: { strict: true, fields: { ...withdrawalFilter, page, pageSize: q.int(1, 200, 20) }, combos: fc.oneof(reversed, tooOld(31)) },
      runs: { broken: 45, mixed: 5 },
      ok: [200, 429],
    },
  },
  "affiliate/withdrawals/export": {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/affiliate/withdrawals/export",
      query: { strict: true, fields: withdrawalFilter, combos: fc.oneof(reversed, tooOld(31)) },
      runs: { broken: 45, mixed: 4 },
      ok: [200, 429],
    },
  },
  "spot/order": {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/spot/order",
      query: {
        strict: true,
        fields: { orderId: q.id(anyId), origClientOrderId: q.text(pick(["no-such-order", "fz-1"]), 64) },
        // neither id
        combos: fc.constant([
          { op: "remove", key: "orderId" },
          { op: "remove", key: "origClientOrderId" },
        ]),
      },
      runs: { broken: 45, mixed: 10 },
      ok: [200, 404, 429],
    },
  },
  "spot/orders": {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/spot/orders",
      query: {
        strict: true,
        fields: { symbol: q.text(symbols, 40, true), startTime: time(recentStart), endTime: time(recentEnd), page, pageSize: q.int(1, 1000, 50) },
        combos: reversed,
      },
      runs: { broken: 45, mixed: 10 },
      ok: [200, 429],
    },
  },
  "contract/orders": {
    POST: { kind: "validated", role: "trader", path: "/api/contract/orders", body: placeOrder, runs: { broken: 70, mixed: 0 }, ok: [] },
  },
  "contract/plan-orders": {
    POST: { kind: "validated", role: "trader", path: "/api/contract/plan-orders", body: placePlan, runs: { broken: 60, mixed: 0 }, ok: [] },
  },
  "contract/plan-orders/[orderId]": {
    PATCH: {
      kind: "validated",
      role: "trader",
      path: { valid: anyId, invalid: badOrderIds, build: (id) => `/api/contract/plan-orders/${encodeURIComponent(id)}` },
      body: modifyPlan,
      runs: { broken: 60, mixed: 0 },
      ok: [],
    },
  },
  // Alerts. Ids are random hex: a valid one names nothing (404); > 64 characters is a 400.
  alerts: {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/alerts",
      query: { strict: true, fields: { state: q.enumOf(["open", "resolved"]), page, pageSize: q.int(1, 200, 20) } },
      runs: { broken: 30, mixed: 8 },
      ok: [200],
    },
  },
  "alerts/unread": { GET: { kind: "fixed", role: "trader", paths: fc.constant("/api/alerts/unread"), status: [200], runs: 10 } },
  // Valid drawn as English only: the suite's trader keeps the language its other checks read.
  "me/locale": { PUT: { kind: "validated", role: "trader", path: "/api/me/locale", body: { strict: true, fields: { locale: b.enumOf(["en"], true) } }, runs: { broken: 20, mixed: 4 }, ok: [200] } },
  "alerts/read": { POST: { kind: "fixed", role: "trader", paths: fc.constant("/api/alerts/read"), status: [200], runs: 5, withBody: true } },
  "alerts/rules": {
    GET: { kind: "fixed", role: "trader", paths: fc.constant("/api/alerts/rules"), status: [200], runs: 10 },
    POST: { kind: "validated", role: "admin", path: "/api/alerts/rules", body: alertRule, runs: { broken: 45, mixed: 6 }, ok: [201] },
  },
  "alerts/rules/[id]": {
    PATCH: { kind: "validated", role: "admin", path: alertIdPath("rules"), body: alertRulePatch, runs: { broken: 30, mixed: 4 }, ok: [404] },
    DELETE: { kind: "fixed", role: "admin", paths: hexId.map((id) => `/api/alerts/rules/${id}`), status: [404], runs: 5 },
  },
  "alerts/destinations": {
    GET: { kind: "fixed", role: "admin", paths: fc.constant("/api/alerts/destinations"), status: [200], runs: 10 },
    POST: { kind: "validated", role: "admin", path: "/api/alerts/destinations", body: alertDestination, runs: { broken: 45, mixed: 6 }, ok: [201] },
  },
  // Risk flags and rules. A flag id is digits (none exists on the shared server: 404); a rule is one of the table's keys.
  "risk/flags": {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/risk/flags",
      query: { strict: true, fields: { ...riskFlagFilter, page, pageSize: q.int(1, 200, 50) }, combos: reversed },
      runs: { broken: 30, mixed: 8 },
      ok: [200],
    },
  },
  "risk/flags/export": {
    GET: { kind: "validated", role: "trader", path: "/api/risk/flags/export", query: { strict: true, fields: riskFlagFilter, combos: reversed }, runs: { broken: 30, mixed: 4 }, ok: [200, 429] },
  },
  "risk/flags/[id]": {
    GET: { kind: "validated", role: "trader", path: riskFlagPath, query: { strict: true, fields: {} }, runs: { broken: 20, mixed: 4 }, ok: [404] },
    PATCH: {
      kind: "validated",
      role: "admin",
      path: riskFlagPath,
      body: { strict: true, fields: { state: b.enumOf(["confirmed", "open"], true), note: b.text(pick(["checked", "a campaign"]), [1, null, [], {}], false, 2001) } },
      runs: { broken: 30, mixed: 4 },
      ok: [404],
    },
  },
  "risk/subjects": {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/risk/subjects",
      query: {
        strict: true,
        fields: {
          subjectType: q.enumOf(["invitee", "subAffiliate", "inviteCode"], true),
          ids: { valid: fc.array(anyId, { minLength: 1, maxLength: 5 }).map((ids) => ids.join(",")), invalid: pick(["", ",", "has space", "x".repeat(65), Array.from({ length: 201 }, (_, i) => i + 1).join(",")]), required: true },
        },
      },
      runs: { broken: 30, mixed: 4 },
      ok: [200],
    },
  },
  "risk/rules": { GET: { kind: "fixed", role: "trader", paths: fc.constant("/api/risk/rules"), status: [200], runs: 10 } },
  "risk/rules/[rule]": {
    PATCH: {
      kind: "validated",
      role: "admin",
      path: { valid: pick(["hollowSignups", "subSpike"]), invalid: pick(["nosuch", "INANDOUT", "in-and-out"]), build: (rule) => `/api/risk/rules/${encodeURIComponent(rule)}` },
      body: { strict: true, fields: { enabled: b.bool(true) } },
      runs: { broken: 30, mixed: 4 },
      ok: [200],
    },
  },
  // tracked links: a link id is digits (none so high exists on the shared server: 404)
  links: {
    GET: {
      kind: "validated",
      role: "trader",
      path: "/api/links",
      query: { strict: true, fields: { startTime: time(recentStart), endTime: time(recentEnd), inviteCode: q.text(pick(["FUZZCODE", "abc123"]), 64) }, combos: reversed },
      runs: { broken: 30, mixed: 8 },
      ok: [200],
    },
    POST: { kind: "validated", role: "admin", path: "/api/links", body: linkBody, runs: { broken: 45, mixed: 6 }, ok: [201] },
  },
  "links/[id]": {
    PATCH: {
      kind: "validated",
      role: "admin",
      path: { valid: fc.integer({ min: 100_000_000, max: 2_000_000_000 }).map(String), invalid: pick(["abc", "0", "1.5", "-1", "9".repeat(19)]), build: (id) => `/api/links/${encodeURIComponent(id)}` },
      // (the same fields as a new link's, each optional here)
      body: { strict: true, fields: { destination: { ...linkBody.fields.destination!, required: false }, inviteCode: { ...linkBody.fields.inviteCode!, required: false } } },
      runs: { broken: 30, mixed: 4 },
      ok: [404],
    },
    DELETE: { kind: "fixed", role: "admin", paths: fc.integer({ min: 100_000_000, max: 2_000_000_000 }).map((id) => `/api/links/${id}`), status: [404], runs: 5 },
  },
  // share links
  "share-links": {
    GET: { kind: "fixed", role: "trader", paths: fc.constant("/api/share-links"), status: [200], runs: 10 },
    POST: { kind: "validated", role: "trader", path: "/api/share-links", body: shareLink, runs: { broken: 45, mixed: 6 }, ok: [201] },
  },
  "share-links/[id]": { DELETE: { kind: "fixed", role: "trader", paths: hexId.map((id) => `/api/share-links/${id}`), status: [404], runs: 5 } },
  "share-links/unlock": { POST: { kind: "validated", role: "trader", path: "/api/share-links/unlock", body: shareUnlock, runs: { broken: 45, mixed: 6 }, ok: [401] } },
  "alerts/destinations/[id]": { DELETE: { kind: "fixed", role: "admin", paths: hexId.map((id) => `/api/alerts/destinations/${id}`), status: [404], runs: 5 } },
  "alerts/destinations/[id]/test": { POST: { kind: "fixed", role: "admin", paths: hexId.map((id) => `/api/alerts/destinations/${id}/test`), status: [404], runs: 5, withBody: true } },
  "alerts/deliveries": {
    GET: {
      kind: "validated",
      role: "admin",
      path: "/api/alerts/deliveries",
      query: { strict: true, fields: { destinationId: { valid: hexId, invalid: fc.integer({ min: 65, max: 300 }).map((n) => "d".repeat(n)) }, page, pageSize: q.int(1, 200, 20) } },
      runs: { broken: 30, mixed: 8 },
      ok: [200],
    },
  },
  "alerts/schedules": {
    GET: { kind: "fixed", role: "admin", paths: fc.constant("/api/alerts/schedules"), status: [200], runs: 10 },
    // valid destination ids name nothing here: 400 naming destinationIds
    POST: { kind: "validated", role: "admin", path: "/api/alerts/schedules", body: alertSchedule, runs: { broken: 45, mixed: 6 }, ok: [] },
  },
  "alerts/schedules/[id]": { DELETE: { kind: "fixed", role: "admin", paths: hexId.map((id) => `/api/alerts/schedules/${id}`), status: [404], runs: 5 } },
  "openapi.json": { GET: { kind: "fixed", paths: fc.constant("/api/openapi.json"), status: [200], runs: 5 } },
  tokens: {
    GET: { kind: "fixed", role: "trader", paths: fc.constant("/api/tokens"), status: [200], runs: 10 },
    POST: { kind: "validated", role: "trader", path: "/api/tokens", body: newToken, runs: { broken: 45, mixed: 6 }, ok: [201] },
  },
  // no such token: 404, whatever the id looks like (within 64 characters)
  "tokens/[id]": { DELETE: { kind: "fixed", role: "trader", paths: hexId.map((id) => `/api/tokens/${id}`), status: [404], runs: 5 } },
  "alerts/report-csv": {
    GET: {
      kind: "validated",
      role: "admin",
      path: "/api/alerts/report-csv",
      query: {
        strict: true,
        fields: {
          from: { ...q.text(pick(["2026-03-01", "2026-02-09"]), 10, true), invalid: pick(["2026-3-1", "yesterday", "20260301", "", "2026-03-01T00"]) },
          to: { ...q.text(pick(["2026-03-31", "2026-02-15"]), 10, true), invalid: pick(["31.03.2026", "x", "2026/03/31"]) },
          expires: { ...q.int(0, Number.MAX_SAFE_INTEGER, 2 ** 40), required: true },
          sig: { valid: fc.stringMatching(/^[0-9a-f]{64}$/), invalid: pick(["", "zz", "A".repeat(64), "0".repeat(63), "0".repeat(65)]), required: true },
        },
      },
      runs: { broken: 30, mixed: 6 },
      // a well-formed link with a signature we did not make
      ok: [403],
    },
  },
};
