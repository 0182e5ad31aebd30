/**
 * The archive through HTTP, on a server of its own with the background sync on
 * (the shared test server runs with ARCHIVE_SYNC=off): the scheduler backfills at boot, the
 * admin API shows and drives it, and the affiliate routes answer from it with `freshness`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Simulator } from "../../lib/simulator";
import { parseCsv } from "../../lib/export/csv-reader.test-util";
import { api, login } from "./helpers";
import type { NextServer } from "./server";
import { startStack, stopStack, until } from "./stack";
import { DAY_MS } from "../../lib/time/calendar";

interface DatasetStatus {
  dataset: string;
  state: string;
  syncedAt: number | null;
  rows: number;
  held: { from: number; to: number }[];
  requested: boolean;
  lastRunAt: number | null;
  progress: { slices: number; slicesDone: number };
}
interface SyncStatus {
  enabled: boolean;
  runner: string;
  datasets: DatasetStatus[];
}
interface Freshness {
  source: string;
  syncedAt: number | null;
}

let sim: Simulator;
let server: NextServer;
let base: string;
let admin: string;

async function status(): Promise<SyncStatus> {
  const r = await api<SyncStatus>("/api/admin/sync", { cookie: admin, base });
  expect(r.status).toBe(200);
  return r.json;
}

beforeAll(async () => {
  // A small network and no practical weight limit: this file is about behaviour, not budget.
  ({ sim, server, base, sessions: [admin] } = await startStack({
    scale: 0.02,
    unlimited: true,
    env: { ARCHIVE_SYNC: "on", ARCHIVE_SYNC_INTERVAL_MS: "5000", ARCHIVE_SUB_AFFILIATE_DAYS: "90" },
    signIn: ["admin"],
  }));
}, 180_000);

afterAll(() => stopStack({ server, sim }));

describe("archive sync over HTTP", () => {
  it("backfills at boot; the admin API shows each dataset's state, range, rows and progress", async () => {
    const done = await until("the backfill", status, (s) => s.datasets.every((d) => d.syncedAt !== null && d.state === "idle"));
    expect(done.enabled).toBe(true);
    expect(done.runner).toBe("this-process");
    expect(done.datasets.map((d) => d.dataset)).toEqual(["subAffiliates", "invitees", "withdrawals", "commissions", "inviteeTotals"]);
    for (const d of done.datasets) {
      expect(d.rows).toBeGreaterThan(0);
      expect(d.held).toHaveLength(1);
      expect(d.progress.slicesDone).toBe(d.progress.slices);
    }
    expect((await api("/api/admin/sync", { cookie: await login("viewer", "demo", { base }), base })).status).toBe(403);
    const page = await api("/admin/sync", { cookie: admin, base });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Archive sync");
    expect((await api("/api/admin/sync", { base })).status).toBe(401);
  });

  it("tells viewers how far the history is built and what it holds (GET /api/archive/status), without the admin's details", async () => {
    const viewer = await login("viewer", "demo", { base });
    type Build = { now: number; building: boolean; percent: number; datasets: { dataset: string; building: boolean; percent: number | null; heldFrom: number | null; heldTo: number | null }[] };
    const get = async () => {
      const r = await api<Build>("/api/archive/status", { cookie: viewer, base });
      expect(r.status).toBe(200);
      return r.json;
    };
    const done = await until("the backfill", get, (s) => !s.building);
    expect(done.percent).toBe(100);
    expect(done.datasets.map((d) => d.dataset)).toEqual(["subAffiliates", "invitees", "withdrawals", "commissions", "inviteeTotals"]);
    for (const d of done.datasets) {
      expect(d.building).toBe(false);
      expect(d.heldFrom).toBeLessThan(d.heldTo!);
    }
    // what the admin page has and a viewer does not need
    expect(JSON.stringify(done)).not.toMatch(/lastError|runner|rows/);
    // pages poll it: viewers asking within a few seconds share one computed answer
    const [a, b] = await Promise.all([get(), get()]);
    expect(b.now).toBe(a.now);
    expect((await api("/api/archive/status", { base })).status).toBe(401);
  });

  it("answers from the archive with freshness, and live when asked", async () => {
    const now = Date.now();
    const q = `startTime=${now - 60 * DAY_MS}&endTime=${now}`;
    const viewer = await login("viewer", "demo", { base });
    const auto = await api<{ items: { bucket: string }[]; freshness: Freshness }>(`/api/affiliate/sub-affiliates/series?${q}`, { cookie: viewer, base });
    expect(auto.status).toBe(200);
    // the days held from the archive, today live
    expect(auto.json.freshness.source).toBe("mixed");
    expect(auto.json.freshness.syncedAt).toBeGreaterThan(now - 120_000);
    const live = await api<{ items: { bucket: string }[]; freshness: Freshness }>(`/api/affiliate/sub-affiliates/series?${q}&source=live`, { cookie: viewer, base });
    expect(live.json.freshness).toEqual({ source: "live", syncedAt: null });
    // every finished day is the same from either side (today's record grows by the second)
    const today = new Date(now).toISOString().slice(0, 10);
    const past = (items: { bucket: string }[]) => items.filter((i) => i.bucket < today);
    expect(past(auto.json.items)).toEqual(past(live.json.items));

    const archived = await api<{ items: unknown[]; freshness: Freshness }>(
      `/api/affiliate/sub-affiliates/series?startTime=${now - 30 * DAY_MS}&endTime=${now - 2 * DAY_MS}`,
      { cookie: viewer, base },
    );
    expect(archived.json.freshness.source).toBe("archive");

    const list = await api<{ items: unknown[]; freshness: Freshness; total: number }>(`/api/affiliate/withdrawals?pageSize=20`, { cookie: viewer, base });
    expect(list.status).toBe(200);
    expect(["archive", "mixed"]).toContain(list.json.freshness.source);

    const file = await api(`/api/affiliate/invitees/export?startTime=${now - 100 * DAY_MS}&endTime=${now - DAY_MS}`, { cookie: viewer, base });
    expect(file.status).toBe(200);
    expect(file.headers.get("x-data-source")).toBe("archive");
  });

  it("the overview page arrives with its figures: the server answers its aggregates from the archive while it renders", async () => {
    const viewer = await login("viewer", "demo", { base });
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const week = `startTime=${today - 6 * DAY_MS}&endTime=${today + DAY_MS - 1}`;
    const page = await fetch(`${base}/?period=7d`, { headers: { cookie: viewer } });
    expect(page.status).toBe(200);
    const html = await page.text();
    // The figures are in the HTML, equal to what the routes answer the browser for the same period.
    const funnel = await api<{ registered: number }>(`/api/affiliate/invitees/funnel?${week}`, { cookie: viewer, base });
    expect(funnel.status).toBe(200);
    expect(html.match(/data-testid="kpi-registered-value">([^<]*)</)?.[1]).toBe(funnel.json.registered.toLocaleString("en-US"));
    const leaders = await api<{ items: { subAffiliateUid: string }[] }>(`/api/affiliate/sub-affiliates/leaderboard?${week}&by=volume&limit=10`, { cookie: viewer, base });
    expect(leaders.json.items.length).toBeGreaterThan(0);
    const board = html.match(/data-testid="leaderboard-volume"[^]*?<\/table>/)?.[0] ?? "";
    expect(board.match(/<tbody[^]*<\/tbody>/)?.[0].match(/<tr/g)).toHaveLength(leaders.json.items.length);
    for (const { subAffiliateUid } of leaders.json.items) expect(board).toContain(subAffiliateUid);
    // So are the money figures: the series route's exact totals, no summing left to the browser.
    // (A week that ended yesterday: today's figures grow between the page and the request.)
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const [from, to] = [day(today - 7 * DAY_MS), day(today - DAY_MS)];
    const closed = await (await fetch(`${base}/?period=custom&from=${from}&to=${to}`, { headers: { cookie: viewer } })).text();
    const series = await api<{ totals: Record<"tradingVolume" | "paidCommission", { total: string }> }>(
      `/api/affiliate/sub-affiliates/series?startTime=${today - 7 * DAY_MS}&endTime=${today - 1}&granularity=day&tz=UTC`,
      { cookie: viewer, base },
    );
    expect(series.status).toBe(200);
    for (const metric of ["tradingVolume", "paidCommission"] as const) {
      // (the card shows the amount rounded for reading, and carries the exact one it copies)
      expect(closed.match(new RegExp(`data-testid="kpi-${metric}-value"[^>]*data-exact="([^"]*)"`))?.[1], metric).toBe(series.json.totals[metric].total);
    }
    // The series and the comparison are in the page's query cache (dehydrated with it).
    expect(html).toContain(`"/api/affiliate/sub-affiliates/series`);
  });

  it("exports sub-affiliates from startTime=0 (before any record) over the archive: a whole file, or a 400 naming startTime", async () => {
    await until("the backfill", status, (s) => s.datasets.every((d) => d.syncedAt !== null && d.state === "idle"));
    const viewer = await login("viewer", "demo", { base });
    for (const productType of [undefined, "FUTURES"]) {
      const q = new URLSearchParams({ source: "auto", startTime: "0", endTime: String(Date.now()), ...(productType ? { productType } : {}) });
      const list = await api<{ total: number }>(`/api/affiliate/sub-affiliates?${q}&pageSize=1`, { cookie: viewer, base });
      expect([200, 400], list.text).toContain(list.status);
      const listed = list.status === 200 ? list.json.total : 0;
      const res = await fetch(`${base}/api/affiliate/sub-affiliates/export?${q}`, { headers: { cookie: viewer } });
      if (res.status === 400) {
        const body = (await res.json()) as { error: { fields: { path: string }[] } };
        expect(body.error.fields.map((f) => f.path)).toContain("startTime");
        continue;
      }
      expect(res.status, await res.clone().text()).toBe(200);
      // a connection cut mid-body rejects here ("terminated")
      const text = (await res.text()).replace(/^\uFEFF/, "");
      expect(text.endsWith("\r\n")).toBe(true);
      const [header, ...rows] = parseCsv(text);
      expect(header).toEqual(["subAffiliateUid", "productType", "date", "tradingVolume", "netTradingFee", "paidCommission"]);
      // every line one whole record: nothing cut or merged
      expect(rows.length).toBe(text.split("\r\n").length - 2);
      for (const r of rows) expect(r).toHaveLength(header!.length);
      if (productType) for (const r of rows) expect(r[1]).toBe(productType);
      // at least the records the list counted for that range just before (a day's records only ever appear)
      expect(rows.length).toBeGreaterThanOrEqual(listed);
    }
  });

  it("source=archive reads history beyond the upstream's windows; auto and live still refuse it", async () => {
    const viewer = await login("viewer", "demo", { base });
    const old = `startTime=${Date.now() - 500 * DAY_MS}&endTime=${Date.now() - 400 * DAY_MS}`;
    const refused = await api<{ error: { code: string; fields: { path: string }[] } }>(`/api/affiliate/invitees?${old}`, { cookie: viewer, base });
    expect(refused.status).toBe(400);
    expect(refused.json.error.fields[0].path).toBe("startTime");
    const archived = await api<{ items: unknown[]; total: number; freshness: Freshness }>(`/api/affiliate/invitees?${old}&source=archive`, { cookie: viewer, base });
    expect(archived.status).toBe(200);
    expect(archived.json.total).toBe(0);
    expect(archived.json.freshness.source).toBe("archive");
    const bad = await api<{ error: { fields: { path: string }[] } }>(`/api/affiliate/invitees?source=cache`, { cookie: viewer, base });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields[0].path).toBe("source");
  });

  it("an admin's sync and re-sync run in the background and finish", async () => {
    const before = (await status()).datasets.find((d) => d.dataset === "withdrawals")!;
    const post = (body: unknown, headers: Record<string, string> = { origin: base }) =>
      api<{ queued?: { slices: number }; error?: { fields: { path: string }[] } }>("/api/admin/sync", { method: "POST", cookie: admin, base, body, headers });

    const resync = await post({ action: "resync", dataset: "withdrawals", from: Date.now() - 5 * DAY_MS });
    expect(resync.status).toBe(202);
    expect(resync.json.queued!.slices).toBe(1);
    const after = await until(
      "the re-sync",
      status,
      (s) => {
        const d = s.datasets.find((x) => x.dataset === "withdrawals")!;
        return d.lastRunAt! > before.lastRunAt! && d.state === "idle" && !d.requested;
      },
    );
    expect(after.datasets.find((d) => d.dataset === "withdrawals")!.rows).toBe(before.rows);

    expect((await post({ action: "sync", dataset: "invitees" })).status).toBe(202);
    const invalid = await post({ action: "resync", dataset: "trades" });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error!.fields[0].path).toBe("dataset");
    const tooOld = await post({ action: "resync", dataset: "withdrawals", from: Date.now() - 90 * DAY_MS, to: Date.now() - 60 * DAY_MS });
    expect(tooOld.status).toBe(400);
    expect((await post({ action: "sync", dataset: "invitees" }, { origin: "https://evil.example" })).status).toBe(403);
  });
});
