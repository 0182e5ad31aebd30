/**
 * The series, cohorts and value routes in zones whose midnight is not on the hour
 * (Asia/Kolkata +5:30, Asia/Kathmandu +5:45) over the longest range each source allows, on
 * PGlite and (with TEST_DATABASE_URL) PostgreSQL: each answers 200 and its sums equal sums of
 * the simulator's own records in that zone (the data module generated again with the same seed
 * and scale, summed here with BigInt), the server still alive afterwards. Such a request once
 * built one sub-query per cut hour, each carrying every bucket bound: 366 days in Kolkata
 * answered 500 and 1,800 days in Kathmandu ended the process.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshSchema, TEST_DATABASE_URL } from "../../lib/db/test-support";
import { generateDataset } from "../../lib/simulator";
import { SIM_DEFAULTS } from "../../lib/simulator/types";
import type { Commission } from "../../lib/simulator/data/activity-records";
import { INVITEE_MAX_AGE_WITH_GRACE_MS, LIVE_COMMISSION_MAX_DAYS } from "../../lib/contract/params";
import { api as rawApi } from "./helpers";
import { patiently } from "./patient";
import type { NextServer } from "./server";
import { startStack, stopStack, untilSynced, type Stack } from "./stack";
import { DAY_MS } from "../../lib/time/calendar";

const SCALE = 0.05;
const H = 3_600_000;
const M = 60_000;
const ZONES = [
  ["Asia/Kolkata", 5 * H + 30 * M],
  ["Asia/Kathmandu", 5 * H + 45 * M],
] as const;
/** The longest range of each source (lib/contract/queries.ts): archive five years of 366 days, auto the invitee year and grace, live a week. */
const LONGEST = { archive: 5 * 366 * DAY_MS, auto: INVITEE_MAX_AGE_WITH_GRACE_MS + DAY_MS, live: LIVE_COMMISSION_MAX_DAYS * DAY_MS } as const;
const VALUE_LONGEST = { archive: LONGEST.archive } as const;
/** The oldest start the invitee year (and its grace) allows `auto` now, less a minute for the request's way. */
const oldestAuto = () => Date.now() - INVITEE_MAX_AGE_WITH_GRACE_MS + 60_000;

type Interval = { from: number; to: number };

const commissionUnits = (r: Commission) => BigInt(r.feeUnits) * BigInt(r.ratePct);
function dec(units: bigint, scale: number): string {
  const neg = units < 0n;
  const s = (neg ? -units : units).toString().padStart(scale + 1, "0");
  const text = `${s.slice(0, s.length - scale)}.${s.slice(s.length - scale)}`.replace(/\.?0+$/, "");
  return (neg ? "-" : "") + (text === "" ? "0" : text);
}
const norm = (s: string) => (s.includes(".") ? s.replace(/\.?0+$/, "") || "0" : s);
const localDay = (t: number, offset: number) => new Date(t + offset).toISOString().slice(0, 10);
const inAny = (t: number, held: Interval[]) => held.some((i) => t >= i.from && t <= i.to);

const backends: { name: string; url?: string }[] = [{ name: "PGlite" }, ...(TEST_DATABASE_URL ? [{ name: "PostgreSQL", url: TEST_DATABASE_URL }] : [])];

for (const backend of backends) {
  describe(`off-the-hour zones over the longest ranges on ${backend.name}`, () => {
    let stack: Stack | undefined;
    let server: NextServer;
    let viewer: string;
    let data: ReturnType<typeof generateDataset>;
    let schema: Awaited<ReturnType<typeof freshSchema>> | undefined;
    const held: Record<"commissions" | "invitees", Interval[]> = { commissions: [], invitees: [] };
    const api = <T>(path: string) => patiently(() => rawApi<T>(path, { cookie: viewer, base: server.url }));
    // the ranges end yesterday at 17:23 UTC (an hour cut in every zone), before the last sync
    const end = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS + 17 * H + 23 * M;

    beforeAll(async () => {
      data = generateDataset({ seed: SIM_DEFAULTS.seed, scale: SCALE, now: Date.now() });
      let databaseUrl: Record<string, string> = {};
      if (backend.url) {
        schema = await freshSchema(backend.url);
        databaseUrl = { DATABASE_URL: `${backend.url}${backend.url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema.schema}`)}`, AUTH_SECRET: randomBytes(32).toString("base64url") };
      }
      stack = await startStack({ scale: SCALE, unlimited: true, env: { ARCHIVE_SYNC: "on", ARCHIVE_SUB_AFFILIATE_DAYS: "14", ARCHIVE_COMMISSION_DAYS: "21", ...databaseUrl }, signIn: ["viewer", "admin"] });
      server = stack.server;
      const [viewerSession, admin] = stack.sessions as [string, string];
      viewer = viewerSession;
      const synced = await untilSynced(server.url, admin, ["commissions", "invitees", "inviteeTotals", "subAffiliates"]);
      const of = (d: string) => synced.find((x) => x.dataset === d)!;
      held.commissions = of("commissions").held;
      held.invitees = of("invitees").held;
      expect(held.commissions.at(-1)!.to).toBeGreaterThan(end);
    }, 300_000);

    afterAll(async () => {
      if (stack) await stopStack(stack);
      await schema?.drop();
    });

    /** The network's records of [from, to] (both product types; the simulator's own query). */
    const recordsIn = (from: number, to: number): Commission[] =>
      (["SPOT", "FUTURES"] as const).flatMap((productType) => data.activity.commissions(from, to, { productType }, { offset: 0, size: 1e9 }).items);

    for (const [tz, offset] of ZONES) {
      it(`the commission series per ${tz} day, coin, product and source type equals the records' sums from every source`, async () => {
        for (const source of ["archive", "auto", "live"] as const) {
          const startTime = end - LONGEST[source];
          const cells = new Map<string, bigint>();
          for (const r of recordsIn(startTime, end)) {
            // (the archive answers what it holds; auto and live read WEEX for the rest)
            if (source === "archive" && !inAny(r.time, held.commissions)) continue;
            const k = `${localDay(r.time, offset)}|${r.coin}|${r.productType}|${r.sourceType}`;
            cells.set(k, (cells.get(k) ?? 0n) + commissionUnits(r));
          }
          expect(cells.size, source).toBeGreaterThan(0);
          const s = await api<{ items: { bucket: string; coin: string; productType: string; sourceType: number; commission: string }[] }>(
            `/api/affiliate/commissions/series?startTime=${startTime}&endTime=${end}&granularity=day&tz=${tz}&source=${source}`,
          );
          expect(s.status, `${source}: ${s.text.slice(0, 300)}`).toBe(200);
          const got = Object.fromEntries(s.json.items.filter((i) => norm(i.commission) !== "0").map((i) => [`${i.bucket}|${i.coin}|${i.productType}|${i.sourceType}`, norm(i.commission)]));
          expect(got, source).toEqual(Object.fromEntries([...cells].map(([k, v]) => [k, dec(v, 10)])));
        }
      });

      it(`the cohorts per ${tz} week and month count the registrations of each, from every source`, async () => {
        for (const source of ["archive", "auto", "live"] as const) {
          const startTime = source === "archive" ? end - LONGEST.archive : oldestAuto();
          // the archive: what it holds; auto and live: every registration of the range
          const counted = data.invitees.filter((i) => i.registerTime >= startTime && i.registerTime <= end && (source !== "archive" || inAny(i.registerTime, held.invitees)));
          for (const by of ["week", "month"] as const) {
            const r = await api<{ items: { cohort: string; registered: number }[] }>(`/api/affiliate/invitees/cohorts?startTime=${startTime}&endTime=${end}&by=${by}&tz=${tz}&source=${source}`);
            expect(r.status, `${source} ${by}: ${r.text.slice(0, 300)}`).toBe(200);
            const expected = new Map<string, number>();
            for (const i of counted) {
              const day = new Date(i.registerTime + offset);
              const first =
                by === "month"
                  ? `${day.toISOString().slice(0, 7)}-01`
                  : new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - ((day.getUTCDay() + 6) % 7))).toISOString().slice(0, 10);
              expected.set(first, (expected.get(first) ?? 0) + 1);
            }
            const got = Object.fromEntries(r.json.items.filter((i) => i.registered > 0).map((i) => [i.cohort, i.registered]));
            expect(got, `${source} ${by}`).toEqual(Object.fromEntries(expected));
          }
        }
      });

      it(`the sub-affiliate series in ${tz} answers every source over five years`, async () => {
        for (const source of ["archive", "auto"] as const) {
          for (const granularity of ["day", "week", "month"]) {
            const r = await api<{ items: { bucket: string }[] }>(`/api/affiliate/sub-affiliates/series?startTime=${end - LONGEST.archive}&endTime=${end}&granularity=${granularity}&tz=${tz}&source=${source}`);
            expect(r.status, `${source} ${granularity}: ${r.text.slice(0, 300)}`).toBe(200);
            expect(r.json.items.length).toBeGreaterThan(0);
          }
        }
      });
    }

    it("the value list's commission totals equal the direct records' sums over the longest range of each source", async () => {
      for (const source of ["archive", "auto"] as const) {
        const startTime = source === "archive" ? end - VALUE_LONGEST.archive : oldestAuto();
        const sums = new Map<string, bigint>();
        for (const r of recordsIn(startTime, end)) if (r.sourceType === 1 && (source !== "archive" || inAny(r.time, held.commissions))) sums.set(r.coin, (sums.get(r.coin) ?? 0n) + commissionUnits(r));
        const r = await api<{ totals: { commission: Record<string, string> } }>(`/api/affiliate/invitees/value?startTime=${startTime}&endTime=${end}&source=${source}&pageSize=100`);
        expect(r.status, `${source}: ${r.text.slice(0, 300)}`).toBe(200);
        const got = Object.fromEntries(Object.entries(r.json.totals.commission).filter(([, v]) => norm(v) !== "0").map(([c, v]) => [c, norm(v)]));
        expect(got, source).toEqual(Object.fromEntries([...sums].filter(([, v]) => v !== 0n).map(([c, v]) => [c, dec(v, 10)])));
      }
    });

    it("the server is alive after all of them", async () => {
      const r = await rawApi<{ status?: string }>("/api/health", { base: server.url });
      expect(r.status).toBe(200);
      expect(server.child.exitCode).toBeNull();
    });
  });
}
