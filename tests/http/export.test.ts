/**
 * CSV exports through HTTP: a real session, the built dashboard, the simulated
 * exchange. What a spreadsheet user gets must be exact (every page, every digit), safe (no
 * formula runs) and honest (a download that broke off fails; it never looks complete).
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../lib/export/csv-reader.test-util";
import { api as rawApi, baseUrl, login, simFaults, simStats, type ApiInit } from "./helpers";
import { patiently } from "./patient";
import { DAY_MS } from "../../lib/time/calendar";

const SUB_HEADER = ["subAffiliateUid", "productType", "date", "tradingVolume", "netTradingFee", "paidCommission"];
const INVITEE_HEADER = ["uid", "registerTime", "kycResult", "inviteCode", "firstDeposit", "firstTrade", "lastDeposit", "lastTrade"];
const TRANSFER_HEADER = ["fromUserId", "toUserId", "withdrawId", "coin", "status", "amount", "createTime", "updateTime"];

let viewer: string;

beforeAll(async () => {
  viewer = await login("viewer");
});

afterEach(async () => {
  await simFaults({});
});

/** GET a route with the viewer's session, body unread (waiting out a spent budget first). */
function get(path: string, signal?: AbortSignal): Promise<Response> {
  return patiently(() => fetch(`${baseUrl()}${path}`, { headers: { cookie: viewer }, signal }));
}

const api = <T>(path: string, init: ApiInit) => patiently(() => rawApi<T>(path, init));

/** A whole export: checks the BOM and CRLF framing, returns header and rows. */
async function download(path: string): Promise<{ res: Response; header: string[]; rows: string[][] }> {
  const res = await get(path);
  expect(res.status, await res.clone().text()).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder().decode(bytes); // drops the BOM
  expect(text.endsWith("\r\n")).toBe(true);
  const [header, ...rows] = parseCsv(text);
  return { res, header: header!, rows };
}

/** Every page of a list route, concatenated, each record as its CSV fields. */
async function listAll(path: string, pageSize: number, fields: string[]): Promise<{ rows: string[][]; pages: number }> {
  const rows: string[][] = [];
  for (let page = 1; ; page++) {
    const r = await api<{ items: Record<string, unknown>[]; hasNextPage: boolean }>(`${path}&page=${page}&pageSize=${pageSize}`, { cookie: viewer });
    expect(r.status, r.text).toBe(200);
    rows.push(...r.json.items.map((item) => fields.map((f) => (item[f] === null || item[f] === undefined ? "" : String(item[f])))));
    if (!r.json.hasNextPage) return { rows, pages: page };
  }
}

const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
// Whole days in the past: the simulator's today still grows while the tests run.
const dayStart = (ms: number) => ms - (ms % DAY_MS);
const yesterdayEnd = dayStart(Date.now()) - 1;

describe("sub-affiliate export", () => {
  it("equals the concatenation of the list pages, row for row (both product types, many pages)", async () => {
    const startTime = dayStart(Date.now()) - 3 * DAY_MS;
    const q = `startTime=${startTime}&endTime=${yesterdayEnd}`;
    const { res, header, rows } = await download(`/api/affiliate/sub-affiliates/export?${q}`);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="sub-affiliates_all_${utcDate(startTime)}_${utcDate(yesterdayEnd)}.csv"`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(header).toEqual(SUB_HEADER);

    const spot = await listAll(`/api/affiliate/sub-affiliates?productType=SPOT&${q}`, 100, SUB_HEADER);
    const futures = await listAll(`/api/affiliate/sub-affiliates?productType=FUTURES&${q}`, 100, SUB_HEADER);
    expect(spot.pages + futures.pages).toBeGreaterThan(4);
    expect(rows).toEqual([...spot.rows, ...futures.rows]);
  });

  it("names one product type in the file and exports only it", async () => {
    const q = `productType=FUTURES&startTime=${dayStart(Date.now()) - DAY_MS}&endTime=${yesterdayEnd}`;
    const { res, rows } = await download(`/api/affiliate/sub-affiliates/export?${q}`);
    expect(res.headers.get("content-disposition")).toContain(`filename="sub-affiliates_FUTURES_`);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set(["FUTURES"]));
  });

  it("keeps decimals exact, neutralises a formula, leaves a negative number a number", async () => {
    await simFaults({
      endpoints: ["subAffiliates"],
      rewrite: {
        productType: '=HYPERLINK("http://evil.example","click")',
        tradingVolume: "123456789012345678.123456789",
        netTradingFee: "0.000000000000000001",
        paidCommission: "-1.5",
      },
    });
    const q = `productType=SPOT&startTime=${dayStart(Date.now()) - DAY_MS}&endTime=${yesterdayEnd}`;
    const res = await get(`/api/affiliate/sub-affiliates/export?${q}`);
    const text = new TextDecoder().decode(await res.arrayBuffer());
    const line = text.split("\r\n")[1]!;
    // the raw line: the formula quoted and prefixed, the numbers exactly as sent
    expect(line).toMatch(/^\d+,"'=HYPERLINK\(""http:\/\/evil\.example"",""click""\)",\d{4}-\d{2}-\d{2},123456789012345678\.123456789,0\.000000000000000001,-1\.5$/);
    const [, ...rows] = parseCsv(text);
    for (const r of rows) expect(r.slice(1)).toEqual(["'=HYPERLINK(\"http://evil.example\",\"click\")", r[2], "123456789012345678.123456789", "0.000000000000000001", "-1.5"]);
  });

  it("fails the download when a page fails after the first bytes: the body read rejects", async () => {
    // A year of both product types is hundreds of pages: far more than the first chunk.
    const res = await get(`/api/affiliate/sub-affiliates/export`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    await simFaults({ endpoints: ["subAffiliates"], error5xx: {} });
    let received = first.value!.length;
    const outcome = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return "ended cleanly";
        received += value.length;
      }
    })().catch((e: unknown) => e);
    expect(outcome).toBeInstanceOf(Error); // "terminated": the connection was cut mid-body
    expect(received).toBeGreaterThan(0);
  });

  it("answers the contract's JSON error when the first page fails (nothing sent yet)", async () => {
    await simFaults({ endpoints: ["subAffiliates"], error5xx: { next: 1 } });
    const r = await api<{ error: { code: string; message: string } }>(`/api/affiliate/sub-affiliates/export?productType=SPOT`, { cookie: viewer });
    expect(r.status).toBe(503);
    expect(r.headers.get("content-type")).toContain("application/json");
    expect(r.json.error.code).toBe("upstream_unavailable");
    expect(r.json.error.message).toMatch(/unavailable/i);
  });

  it("stops paging upstream when the client goes away", async () => {
    const ctrl = new AbortController();
    const res = await get(`/api/affiliate/sub-affiliates/export`, ctrl.signal);
    const reader = res.body!.getReader();
    for (let i = 0; i < 3; i++) expect((await reader.read()).done).toBe(false);
    ctrl.abort();
    await new Promise((r) => setTimeout(r, 500)); // a page already in flight may still land
    const settled = (await simStats()).byEndpoint.subAffiliates ?? 0;
    // Longer than the 10 s budget window: a download still running would have fetched pages.
    await new Promise((r) => setTimeout(r, 11_000));
    expect((await simStats()).byEndpoint.subAffiliates ?? 0).toBe(settled);
  });

  it("validates before any upstream call", async () => {
    const before = (await simStats()).byEndpoint.subAffiliates ?? 0;
    const bad = await api<{ error: { code: string; fields: { path: string }[] } }>(`/api/affiliate/sub-affiliates/export?productType=MARGIN&subUid=x`, { cookie: viewer });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe("validation_error");
    expect(bad.json.error.fields.map((f) => f.path).sort()).toEqual(["productType", "subUid"]);
    const reversed = await api<{ error: { fields: { path: string }[] } }>(`/api/affiliate/sub-affiliates/export?startTime=5&endTime=1`, { cookie: viewer });
    expect(reversed.status).toBe(400);
    expect(reversed.json.error.fields.map((f) => f.path)).toEqual(["endTime"]);
    expect((await simStats()).byEndpoint.subAffiliates ?? 0).toBe(before);
  });

  it("needs a session", async () => {
    const res = await fetch(`${baseUrl()}/api/affiliate/sub-affiliates/export`);
    expect(res.status).toBe(401);
  });
});

describe("invitee export", () => {
  it("exports a range longer than 90 days in slices: the users of both parts, no duplicates", async () => {
    // Early in the simulated year, where registrations are fewest: 95 days = two upstream queries.
    const startTime = dayStart(Date.now()) - 360 * DAY_MS;
    const endTime = startTime + 95 * DAY_MS - 1;
    const { res, header, rows } = await download(`/api/affiliate/invitees/export?startTime=${startTime}&endTime=${endTime}`);
    expect(header).toEqual(INVITEE_HEADER);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="invitees_${utcDate(startTime)}_${utcDate(endTime)}.csv"`);
    const mid = startTime + 90 * DAY_MS;
    const totals = await Promise.all(
      [`startTime=${startTime}&endTime=${mid}`, `startTime=${mid + 1}&endTime=${endTime}`].map(
        async (q) => (await api<{ total: number }>(`/api/affiliate/invitees?${q}&pageSize=1`, { cookie: viewer })).json.total,
      ),
    );
    expect(rows.length).toBe(totals[0]! + totals[1]!);
    expect(new Set(rows.map((r) => r[0])).size).toBe(rows.length);
    for (const r of rows) expect(Number(r[1]) >= startTime && Number(r[1]) <= endTime).toBe(true);
  });

  // [test, the invite code WEEX sends, its cell in the file]
  const FORMULA_CODES = [
    ["neutralises a formula in an invite code", "@SUM(1+1)*cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"],
    // a ' where each such cell would start; the number after the last ; stays a number
    ["neutralises a formula after a ; or a tab in an invite code (spreadsheets that split on them)", "VIP;=cmd|' /C calc'!A0\t@SUM(1+1);-12.5", "VIP;'=cmd|' /C calc'!A0\t'@SUM(1+1);-12.5"],
  ] as const;
  for (const [name, inviteCode, cell] of FORMULA_CODES) {
    it(name, async () => {
      await simFaults({ endpoints: ["invitees"], rewrite: { inviteCode } });
      const now = Date.now();
      const { rows } = await download(`/api/affiliate/invitees/export?startTime=${now - 2 * DAY_MS}&endTime=${now}`);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(r[3]).toBe(cell);
    });
  }

  it("refuses a start older than the upstream's year", async () => {
    const r = await api<{ error: { fields: { path: string }[] } }>(`/api/affiliate/invitees/export?startTime=${Date.now() - 400 * DAY_MS}`, { cookie: viewer });
    expect(r.status).toBe(400);
    expect(r.json.error.fields.map((f) => f.path)).toEqual(["startTime"]);
  });
});

describe("transfer export", () => {
  it("equals the concatenation of the list pages, row for row", async () => {
    const startTime = dayStart(Date.now()) - 4 * DAY_MS;
    const q = `coin=USDT&startTime=${startTime}&endTime=${yesterdayEnd}`;
    const { res, header, rows } = await download(`/api/affiliate/withdrawals/export?${q}`);
    expect(header).toEqual(TRANSFER_HEADER);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="transfers_${utcDate(startTime)}_${utcDate(yesterdayEnd)}.csv"`);
    const listed = await listAll(`/api/affiliate/withdrawals?${q}`, 200, TRANSFER_HEADER);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(listed.rows);
  });
});
