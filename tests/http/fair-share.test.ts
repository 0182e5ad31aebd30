/**
 * One person cannot starve everyone: the people's part of the WEEX budget
 * is shared in turns between people, not first come first served, and each person has at most
 * one export walk in flight. A simulator and server of the suite's own, so that this suite
 * owns the budget (no other file's requests in it) and may slow the simulator down.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Simulator } from "../../lib/simulator";
import { api, clientOrderId, login } from "./helpers";
import type { NextServer } from "./server";
import { startStack, stopStack, until } from "./stack";
import { DAY_MS } from "../../lib/time/calendar";

let sim: Simulator;
let server: NextServer;
let viewerA: string;
let viewerB: string;

beforeAll(async () => {
  let admin: string;
  ({ sim, server, sessions: [viewerA, admin] } = await startStack({ scale: 0.05, signIn: ["viewer", "admin"] }));
  const username = clientOrderId("fair").toLowerCase();
  const created = await api("/api/admin/users", { cookie: admin!, base: server.url, method: "POST", body: { username, password: "fair-share-password", role: "viewer" } });
  expect(created.status, created.text).toBe(201);
  viewerB = await login(username, "fair-share-password", { base: server.url });
}, 180_000);

afterAll(() => stopStack({ server, sim }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const get = (path: string, cookie: string, signal?: AbortSignal) => fetch(`${server.url}${path}`, { headers: { cookie }, signal });

/**
 * Viewer A's script: 15 distinct live transfer lists from page `firstPage` (distinct pages:
 * coalescing cannot join them), 100 weight each (lib/weex/endpoints.ts): 4 fit in the reads' 490
 * of a window. Once A has filled the window, and its other eleven are queued behind, viewer B asks
 * for page `pageB`: B's answer, how long B waited for it, and A's answers.
 */
async function crowdedByA(firstPage: number, pageB: number) {
  const before = sim.stats().byEndpoint.withdrawals ?? 0;
  const a = Array.from({ length: 15 }, (_, i) => api(`/api/affiliate/withdrawals?source=live&pageSize=10&page=${i + firstPage}`, { cookie: viewerA, base: server.url }));
  await until("A's first pages at the simulator", async () => (sim.stats().byEndpoint.withdrawals ?? 0) - before, (n) => n >= 4, 60_000);
  // (This pause only lets A's requests reach the budget before B's on a loaded machine, which the
  // old first-come order needed to fail; B's bounds do not depend on it.)
  await sleep(1000);

  const t0 = Date.now();
  const b = await api<{ items: unknown[] }>(`/api/affiliate/withdrawals?source=live&pageSize=10&page=${pageB}`, { cookie: viewerB, base: server.url });
  const waited = Date.now() - t0;
  return { b, waited, answersA: await Promise.all(a) };
}

describe("the people's part of the budget, shared between people", () => {
  it("while one viewer has 15 distinct 100-weight live transfer queries in flight, another viewer's query is answered within one window", { timeout: 120_000 }, async () => {
    const { b, waited, answersA } = await crowdedByA(1, 99);

    // B is answered, not refused: its turn comes when A's first pages expire, before A's other eleven.
    expect(b.status, b.text).toBe(200);
    // Bound: one window plus the budget's margin (10.25 s: when A's first charges, made before B
    // asked, have expired), plus 2 s for B's own request and answer on a loaded machine. Under
    // first come first served B waited behind A's eleven and got 429 after ~11.25 s.
    expect(waited).toBeLessThan(10_250 + 2000);
    // A's script is bounded by its own deadline as before: what did not fit is 429, nothing else.
    expect(answersA.map((r) => r.status).filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(answersA.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(4);
    // and all of it within WEEX's limits
    expect(sim.stats().count429).toBe(0);
  });

  it("the other viewer is answered, not refused, when A's answers come slowly and the window frees after the other's deadline", { timeout: 120_000 }, async () => {
    // Each charge is held for a window after its answer, so slow answers (a loaded server, a
    // slow exchange) free the window later than a request's deadline of 11.25 s: here A's
    // first pages answer after 5 s, so the window frees ~15 s after they went out.
    const LATENCY_MS = 5000;
    await sleep(10_250 + 1000); // the previous test's charges have expired
    sim.setFaults({ latencyMs: LATENCY_MS, endpoints: ["withdrawals"] });
    try {
      const { b, waited, answersA } = await crowdedByA(21, 98);

      // B is next in line: answered when the window frees, not refused just before it does.
      expect(b.status, b.text).toBe(200);
      // Bound: A's slow answers, the window after them, B's own slow answer, 2 s for a loaded machine.
      expect(waited).toBeLessThan(LATENCY_MS + 10_250 + LATENCY_MS + 2000);
      // A's script: its first pages, and then its turns; what could not be served in its turn is 429
      expect(answersA.map((r) => r.status).filter((s) => s !== 200 && s !== 429)).toEqual([]);
      expect(answersA.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(4);
      expect(answersA.filter((r) => r.status === 429).length).toBeGreaterThan(0);
      expect(sim.stats().count429).toBe(0);
    } finally {
      sim.setFaults({});
    }
  });
});

describe("one export walk in flight per person", () => {
  const dayStart = (ms: number) => ms - (ms % DAY_MS);
  const yesterdayEnd = dayStart(Date.now()) - 1;
  // both product types, two days, live: at least two upstream pages, each slowed down below
  const EXPORT = `/api/affiliate/sub-affiliates/export?source=live&startTime=${dayStart(Date.now()) - 2 * DAY_MS}&endTime=${yesterdayEnd}`;

  it("refuses a second concurrent export of the same person with 429 and Retry-After while the first completes; another person's export proceeds", { timeout: 120_000 }, async () => {
    // each upstream page takes 3 s: the first export is still walking when the others ask
    sim.setFaults({ latencyMs: 3000, endpoints: ["subAffiliates"] });
    try {
      const first = await get(EXPORT, viewerA);
      expect(first.status).toBe(200);
      const firstBody = first.text(); // its first page came; the rest is still being walked

      const [second, other] = await Promise.all([get(EXPORT, viewerA), get(EXPORT, viewerB)]);
      const secondText = await second.text();
      expect(second.status, secondText.slice(0, 200)).toBe(429);
      expect((JSON.parse(secondText) as { error: unknown }).error).toEqual({ code: "rate_limited", message: "An export of yours is still running; start the next one when it has finished." });
      expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);

      // another person's export is not limited by A's
      expect(other.status).toBe(200);
      const [firstText, otherText] = await Promise.all([firstBody, other.text()]);
      // both complete: the same file, every row
      expect(firstText.split("\r\n").length).toBeGreaterThan(2);
      expect(otherText).toBe(firstText);

      // once A's first export is over, A may export again
      const again = await get(EXPORT, viewerA);
      expect(again.status).toBe(200);
      expect(await again.text()).toBe(firstText);
    } finally {
      sim.setFaults({});
    }
  });

  it("counts a person's API tokens together as one more person: a second token export waits its turn, the person's own export does not", { timeout: 120_000 }, async () => {
    const token = async () => {
      const made = await api<{ token: string }>("/api/tokens", { cookie: viewerA, base: server.url, method: "POST", body: { name: clientOrderId("fair"), expiresAt: Date.now() + DAY_MS } });
      expect(made.status, made.text).toBe(201);
      return made.json.token;
    };
    const [one, two] = [await token(), await token()];
    const byToken = (t: string) => fetch(`${server.url}${EXPORT}`, { headers: { authorization: `Bearer ${t}` } });
    sim.setFaults({ latencyMs: 3000, endpoints: ["subAffiliates"] });
    try {
      const first = await byToken(one);
      expect(first.status).toBe(200);
      const firstBody = first.text(); // still walking

      const [otherToken, ownBrowser] = await Promise.all([byToken(two), get(EXPORT, viewerA)]);
      // the person's scripts share one turn: another of their tokens waits for it...
      expect(otherToken.status, (await otherToken.text()).slice(0, 200)).toBe(429);
      expect(Number(otherToken.headers.get("retry-after"))).toBeGreaterThan(0);
      // ...while the person's own export in the browser is not held up by their script
      expect(ownBrowser.status).toBe(200);
      const [firstText, ownText] = await Promise.all([firstBody, ownBrowser.text()]);
      expect(ownText).toBe(firstText);
    } finally {
      sim.setFaults({});
    }
  });

  it("gives the turn back when the person goes away mid-download", { timeout: 120_000 }, async () => {
    sim.setFaults({ latencyMs: 3000, endpoints: ["subAffiliates"] });
    try {
      const ctrl = new AbortController();
      const first = await get(EXPORT, viewerA, ctrl.signal);
      expect(first.status).toBe(200);
      ctrl.abort(); // the download is cancelled while pages are still being walked
      await first.body?.cancel().catch(() => undefined);
      // A's next export is accepted again (asked until it is, within one slowed page and a bit)
      const next = await until(
        "A's next export to be accepted",
        async () => {
          const res = await get(EXPORT, viewerA);
          const status = res.status;
          await res.body?.cancel();
          return status;
        },
        (status) => status !== 429,
        15_000,
      );
      expect(next).toBe(200);
    } finally {
      sim.setFaults({});
    }
  });
});
