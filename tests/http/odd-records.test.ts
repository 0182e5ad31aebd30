/**
 * Odd records, the archive's answers and records outside the window, over HTTP with real sessions against the simulator:
 *
 * - WEEX sends records the dashboard cannot fully use (the simulator's `oddRecords` mode: a
 *   String id that is a spreadsheet formula, an amount that is not a decimal, a time that is
 *   not a time). Lists, series, exports and the archive's sync keep working: the odd id is an
 *   ordinary (opaque) id, unusable records are counted in `warnings`, the export writes every
 *   record received (formula-safe), and /admin/sync shows what the archive could not store.
 * - The archive's answers equal what it holds: transfers from `source=archive` (list and
 *   export, with and without time bounds) against the rows synced; sub-affiliate list, export
 *   and series from the archive against each other.
 * - WEEX answers a query with records outside the window asked for (the simulator's
 *   `outOfWindow` mode): the live part leaves them out and counts them in `warnings`, so an
 *   `auto` answer does not count the archive's records twice.
 *
 * A server of its own with the background sync on. The odd records are served for
 * sub-affiliates and invitees from the start (the sync meets them); transfers stay clean so
 * the archive can be compared with WEEX exactly, then get odd records too for the live checks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Dec, decimalText } from "../../lib/contract/decimal";
import { parseCsv } from "../../lib/export/csv-reader.test-util";
import type { Simulator } from "../../lib/simulator";
import { ODD_DECIMAL, ODD_TEXT_ID, ODD_TIME } from "../../lib/simulator/odd-records";
import { api } from "./helpers";
import type { NextServer } from "./server";
import { startStack, stopStack, until } from "./stack";
import { DAY_MS } from "../../lib/time/calendar";

interface Warnings {
  count: number;
  example: { path: string; value: string; reason: string } | null;
}
interface List<T = Record<string, unknown>> {
  items: T[];
  total: number | null;
  warnings: Warnings;
  freshness: { source: string };
}
interface DatasetStatus {
  dataset: string;
  state: string;
  syncedAt: number | null;
  rows: number;
  lastError: string | null;
  problems: { count: number; example: { path: string; value: string; reason: string } | null };
}

let sim: Simulator;
let server: NextServer;
let base: string;
let viewer: string;
let admin: string;
let synced: DatasetStatus[];

const get = <T,>(path: string) => api<T>(path, { cookie: viewer, base });
const csvRows = (text: string) => parseCsv(text.replace(/^\uFEFF/, ""));

beforeAll(async () => {
  ({ sim, server, base, sessions: [viewer, admin] } = await startStack({
    scale: 0.02,
    unlimited: true,
    faults: { endpoints: ["subAffiliates", "invitees"], oddRecords: {} },
    env: {
      ARCHIVE_SYNC: "on",
      ARCHIVE_SYNC_INTERVAL_MS: "600000",
      ARCHIVE_WITHDRAWAL_INTERVAL_MS: "600000",
      ARCHIVE_SUB_AFFILIATE_DAYS: "10",
      LIVE_CACHE_MS: "0",
    },
    signIn: ["viewer", "admin"],
  }));
  const status = await until(
    "the backfill",
    async () => (await api<{ datasets: DatasetStatus[] }>("/api/admin/sync", { cookie: admin, base })).json,
    (s) => s.datasets.every((d) => d.syncedAt !== null && d.state === "idle"),
    150_000,
  );
  synced = status.datasets;
}, 240_000);

afterAll(() => stopStack({ server, sim }));

describe("odd records", () => {
  it("the archive's sync of every dataset completes and /admin/sync shows what it could not store", async () => {
    for (const d of synced) {
      expect(d.state).toBe("idle");
      expect(d.rows).toBeGreaterThan(0);
    }
    const sub = synced.find((d) => d.dataset === "subAffiliates")!;
    expect(sub.problems.count).toBeGreaterThan(0);
    expect(sub.problems.example!.path).toMatch(/^records\.\d+\.(tradingVolume|date)$/);
    expect([ODD_DECIMAL, ODD_TIME]).toContain(sub.problems.example!.value);
    expect(synced.find((d) => d.dataset === "invitees")!.problems.count).toBeGreaterThan(0);
    expect(synced.find((d) => d.dataset === "withdrawals")!.problems.count).toBe(0);
    const page = await api("/admin/sync", { cookie: admin, base });
    expect(page.status).toBe(200);
  });

  it("a list keeps the record with a formula as its String id, sets the unusable ones aside and says so", async () => {
    const r = await get<List>("/api/affiliate/sub-affiliates?productType=SPOT&pageSize=20&source=live");
    expect(r.status).toBe(200);
    expect(r.json.items.map((i) => i.subAffiliateUid)).toContain(ODD_TEXT_ID);
    expect(r.json.items).toHaveLength(18);
    expect(r.json.warnings.count).toBe(2);
    expect(r.json.warnings.example).toEqual({ path: "records.8.tradingVolume", value: ODD_DECIMAL, reason: "expected a decimal" });

    const inv = await get<List>("/api/affiliate/invitees?pageSize=20&source=live");
    expect(inv.status).toBe(200);
    expect(inv.json.items.map((i) => i.uid)).toContain(ODD_TEXT_ID);
    expect(inv.json.warnings.count).toBe(2);
  });

  it("a series sums the usable records only and carries the warnings", async () => {
    const now = Date.now();
    const q = `productType=SPOT&startTime=${now - 3 * DAY_MS}&endTime=${now}&source=live`;
    const series = await get<{ items: { tradingVolume: string }[]; warnings: Warnings }>(`/api/affiliate/sub-affiliates/series?${q}`);
    expect(series.status).toBe(200);
    expect(series.json.warnings.count).toBeGreaterThanOrEqual(2);
    expect(series.json.items.length).toBeGreaterThan(0);
  });

  it("an export writes every record received, values as received and formula-safe", async () => {
    const now = Date.now();
    const range = `startTime=${now - 8 * DAY_MS}&endTime=${now}`;
    const list = await get<List>(`/api/affiliate/sub-affiliates?productType=SPOT&${range}&pageSize=100&source=live`);
    const file = await get(`/api/affiliate/sub-affiliates/export?productType=SPOT&${range}&source=live`);
    expect(file.status).toBe(200);
    const [header, ...rows] = csvRows(file.text);
    expect(header[0]).toBe("subAffiliateUid");
    // every record WEEX has for the range, the unusable ones included
    expect(rows).toHaveLength(list.json.total!);
    const cells = rows.flat();
    expect(cells).toContain(`'${ODD_TEXT_ID}`);
    expect(cells).not.toContain(ODD_TEXT_ID);
    expect(cells).toContain(ODD_DECIMAL);
    expect(cells).toContain(ODD_TIME);
  });

  it("transfers with odd records: the list and the export keep working (formula-safe identifiers)", async () => {
    sim.setFaults({ oddRecords: {} });
    try {
      const r = await get<List>("/api/affiliate/withdrawals?pageSize=20&source=live");
      expect(r.status).toBe(200);
      expect(r.json.items.map((i) => i.withdrawId)).toContain(ODD_TEXT_ID);
      expect(r.json.warnings.count).toBe(2);
      const file = await get(`/api/affiliate/withdrawals/export?source=live`);
      expect(file.status).toBe(200);
      expect(csvRows(file.text).flat()).toContain(`'${ODD_TEXT_ID}`);
    } finally {
      sim.setFaults({ endpoints: ["subAffiliates", "invitees"], oddRecords: {} });
    }
  });
});

describe("the archive's answers equal what it holds", () => {
  it("transfers: list and export from the archive, without and with time bounds, against the rows synced", async () => {
    const held = synced.find((d) => d.dataset === "withdrawals")!;
    const all = await get<List<{ withdrawId: string; createTime: number; fromAccountType: string }>>("/api/affiliate/withdrawals?source=archive&page=1&pageSize=200");
    expect(all.status).toBe(200);
    expect(all.json.freshness.source).toBe("archive");
    expect(all.json.total).toBe(held.rows);
    expect(new Set(all.json.items.map((i) => i.fromAccountType))).toEqual(new Set(["SPOT", "FUND"]));
    const file = await get("/api/affiliate/withdrawals/export?source=archive");
    expect(csvRows(file.text)).toHaveLength(held.rows + 1);

    // bounded: the archive's answer equals WEEX's for the same range and account types
    const now = Date.now();
    const bounds = `startTime=${now - 7 * DAY_MS}&endTime=${held.syncedAt! - 60_000}`;
    const archived = await get<List<{ withdrawId: string }>>(`/api/affiliate/withdrawals?${bounds}&source=archive&fromAccountType=SPOT&toAccountType=SPOT&pageSize=200`);
    const live = await get<List<{ withdrawId: string }>>(`/api/affiliate/withdrawals?${bounds}&source=live&fromAccountType=SPOT&toAccountType=SPOT&pageSize=200`);
    expect(archived.json.total).toBeGreaterThan(0);
    expect(archived.json.total).toBe(live.json.total);
    expect(archived.json.items.map((i) => i.withdrawId)).toEqual(live.json.items.map((i) => i.withdrawId));
    const boundedFile = await get(`/api/affiliate/withdrawals/export?${bounds}&source=archive&fromAccountType=SPOT&toAccountType=SPOT`);
    expect(csvRows(boundedFile.text)).toHaveLength(archived.json.total! + 1);
  });

  it("sub-affiliates: list, export and series from the archive agree, without and with time bounds", async () => {
    const list = await get<List>("/api/affiliate/sub-affiliates?productType=SPOT&source=archive&pageSize=100");
    expect(list.status).toBe(200);
    expect(list.json.total).toBeGreaterThan(0);
    // what the sync met and could not store is reported from the archive too, and exported as received
    expect(list.json.warnings.count).toBeGreaterThan(0);
    const file = await get("/api/affiliate/sub-affiliates/export?productType=SPOT&source=archive");
    expect(csvRows(file.text)).toHaveLength(list.json.total! + list.json.warnings.count + 1);
    expect(csvRows(file.text).flat()).toContain(ODD_DECIMAL);

    const now = Date.now();
    const bounds = `startTime=${now - 5 * DAY_MS}&endTime=${now - 2 * DAY_MS}`;
    const series = await get<{ items: { bucket: string; tradingVolume: string }[] }>(`/api/affiliate/sub-affiliates/series?productType=SPOT&${bounds}&source=archive`);
    const boundedFile = await get(`/api/affiliate/sub-affiliates/export?productType=SPOT&${bounds}&source=archive`);
    const [header, ...rows] = csvRows(boundedFile.text);
    const date = header.indexOf("date");
    const volume = header.indexOf("tradingVolume");
    const byDay = new Map<string, InstanceType<typeof Dec>>();
    // (the records set aside are in the file as received, and in no sum)
    const usable = rows.filter((r) => /^\d{4}-\d{2}-\d{2}$/.test(r[date]) && /^\d+(\.\d+)?$/.test(r[volume]));
    expect(usable.length).toBeGreaterThan(0);
    for (const r of usable) byDay.set(r[date], (byDay.get(r[date]) ?? new Dec(0)).plus(r[volume]));
    expect(series.json.items.length).toBe(byDay.size);
    for (const b of series.json.items) expect(b.tradingVolume).toBe(decimalText(byDay.get(b.bucket)!));
  });
});

describe("records outside the window asked for", () => {
  it("WEEX answers today's part with yesterday's records too: the default (auto) sub-affiliate export, series and list count each day once and say what they left out", async () => {
    const now = Date.now();
    const q = `productType=SPOT&startTime=${now - 5 * DAY_MS}&endTime=${now}`;
    type Series = { items: { bucket: string; tradingVolume: string }[]; warnings: Warnings; freshness: { source: string } };
    const answers = async () => ({
      file: csvRows((await get(`/api/affiliate/sub-affiliates/export?${q}`)).text),
      series: (await get<Series>(`/api/affiliate/sub-affiliates/series?${q}&granularity=day&tz=UTC`)).json,
      list: (await get<List<{ subAffiliateUid: string; date: string }>>(`/api/affiliate/sub-affiliates?${q}&pageSize=100`)).json,
    });
    // (today's records grow while the test runs: earlier days are compared whole, today by its keys)
    const today = new Date(now).toISOString().slice(0, 10);
    const key = (header: string[]) => (r: string[]) => `${r[header.indexOf("subAffiliateUid")]}|${r[header.indexOf("date")]}`;
    sim.setFaults({});
    try {
      const clean = await answers();
      expect(clean.series.freshness.source).toBe("mixed"); // today live, the days before from the archive
      sim.setFaults({ endpoints: ["subAffiliates"], outOfWindow: { days: 1 } });
      const wide = await answers();

      const [header, ...rows] = wide.file;
      const [, ...cleanRows] = clean.file;
      expect(rows.map(key(header)).sort()).toEqual(cleanRows.map(key(header)).sort());
      expect(new Set(rows.map(key(header))).size).toBe(rows.length);
      const dateCol = header.indexOf("date");
      expect(rows.filter((r) => r[dateCol] !== today)).toEqual(cleanRows.filter((r) => r[dateCol] !== today));

      expect(wide.series.items.map((i) => i.bucket)).toEqual(clean.series.items.map((i) => i.bucket));
      expect(wide.series.items.filter((i) => i.bucket !== today)).toEqual(clean.series.items.filter((i) => i.bucket !== today));
      expect(wide.series.warnings.count).toBeGreaterThan(clean.series.warnings.count);

      expect(wide.list.total).toBe(clean.list.total);
      expect(wide.list.items.map((i) => `${i.subAffiliateUid}|${i.date}`)).toEqual(clean.list.items.map((i) => `${i.subAffiliateUid}|${i.date}`));
      expect(wide.list.warnings.count).toBeGreaterThan(clean.list.warnings.count);
    } finally {
      sim.setFaults({ endpoints: ["subAffiliates", "invitees"], oddRecords: {} });
    }
  });
});

describe("where WEEX's published sources disagree (weex-facts.md)", () => {
  it("querySubChannelTransactions answered -1150 for POST: the read is asked once more with GET, and the log says so", async () => {
    sim.setFaults({ methodNotSupported: { endpoints: ["subAffiliates"] } });
    try {
      const r = await get<List>("/api/affiliate/sub-affiliates?productType=FUTURES&pageSize=10&source=live");
      expect(r.status).toBe(200);
      expect(r.json.items).toHaveLength(10);
      const { readFileSync } = await import("node:fs");
      expect(readFileSync(server.logFile, "utf8")).toMatch(/-1150.*asking once more with GET/);
    } finally {
      sim.setFaults({ endpoints: ["subAffiliates", "invitees"], oddRecords: {} });
    }
  });

  it("a report WEEX no longer serves (404 or -1150): a clear error live, the archive still answers, and the other datasets still sync", async () => {
    for (const status of [404, 400] as const) {
      sim.setFaults({ gone: { endpoints: ["withdrawals"], status } });
      const live = await get<{ error: { code: string; message: string } }>("/api/affiliate/withdrawals?pageSize=10&source=live");
      expect(live.status).toBe(502);
      expect(live.json.error.message).toMatch(/WEEX no longer serves this report/);
      const auto = await get<List>("/api/affiliate/withdrawals?pageSize=10");
      expect(auto.status).toBe(200);
      expect(auto.json.freshness.source).toBe("archive");
      expect(auto.json.total).toBeGreaterThan(0);
      const file = await get("/api/affiliate/withdrawals/export");
      expect(file.status).toBe(200);
      expect((await get<List>("/api/affiliate/withdrawals?pageSize=10&source=archive")).status).toBe(200);
    }

    // one dataset's failure does not stop the sync of the others
    const status = async () => (await api<{ datasets: (DatasetStatus & { lastSuccessAt: number; lastErrorAt: number | null; requested: boolean })[] }>("/api/admin/sync", { cookie: admin, base })).json;
    const before = await status();
    for (const dataset of ["withdrawals", "invitees", "subAffiliates"]) {
      const r = await api("/api/admin/sync", { method: "POST", cookie: admin, base, body: { action: "sync", dataset }, headers: { origin: base } });
      expect(r.status).toBe(202);
    }
    const after = await until("the runs", status, (s) => s.datasets.every((d) => !d.requested && d.state !== "running"), 150_000);
    const by = (s: typeof after, k: string) => s.datasets.find((d) => d.dataset === k)!;
    expect(by(after, "withdrawals").state).toBe("error");
    expect(by(after, "withdrawals").lastError).toMatch(/no longer serves/);
    for (const k of ["invitees", "subAffiliates"]) {
      expect(by(after, k).state).toBe("idle");
      expect(by(after, k).lastSuccessAt).toBeGreaterThan(by(before, k).lastSuccessAt);
    }
    sim.setFaults({ endpoints: ["subAffiliates", "invitees"], oddRecords: {} });
  });
});
