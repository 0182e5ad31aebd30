/**
 * Tracked links' clicks across instances that share one PostgreSQL: 1,000 clicks spread over
 * two instances are counted exactly once (each instance adds its counts to the same rows); a
 * link deleted on one answers 410 on the other within the slug cache's 5 s; an
 * instance stopped with SIGTERM writes its buffered clicks before it exits; one killed with
 * SIGKILL loses at most the clicks of the last second (the buffer is written every second).
 *
 * Needs PostgreSQL: set TEST_DATABASE_URL (`.ci/run` does). Each run uses a fresh schema.
 */
import { describe, expect, it } from "vitest";
import { TEST_DATABASE_URL } from "../../lib/db/test-support";
import { api, login } from "./helpers";
import { CACHE_MS, sharedInstances, SLACK_MS } from "./instances";
import { DAY_MS } from "../../lib/time/calendar";

const url = TEST_DATABASE_URL;
const DEST = "https://www.weex.com/register?vipCode=SHARED";
const UAS = Array.from({ length: 10 }, (_, i) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${i}.0 Safari/537.36`);

type Listed = { id: string; clicks: number; bots: number; visitors: number };

describe.skipIf(!url)(url ? "tracked links' clicks over instances" : "tracked links' clicks over instances (skipped: set TEST_DATABASE_URL)", () => {
  const { servers } = sharedInstances(url!, {}, 3);

  /** A new link, made on the first instance; `settled()` reads its counts there once they stop changing. */
  async function newLink(slug: string): Promise<{ settled: () => Promise<Listed> }> {
    const base = servers[0]!.url;
    const admin = await login("admin", "demo", { base });
    const made = await api<{ id: string }>("/api/links", { base, cookie: admin, method: "POST", body: { slug, destination: DEST, inviteCode: "SHARED" } });
    expect(made.status, made.text).toBe(201);
    return { settled: () => settled(base, admin, made.json.id) };
  }

  /** `n` clicks on `base`, `parallel` at a time, the user agents in turn; every one a 302. */
  async function clicks(base: string, slug: string, n: number, uas: readonly string[] = UAS, parallel = 25): Promise<void> {
    for (let i = 0; i < n; i += parallel) {
      const batch = Array.from({ length: Math.min(parallel, n - i) }, (_, j) => fetch(`${base}/r/${slug}`, { redirect: "manual", headers: { "user-agent": uas[(i + j) % uas.length]! } }));
      for (const res of await Promise.all(batch)) expect(res.status).toBe(302);
    }
  }

  async function counts(base: string, cookie: string, id: string): Promise<Listed> {
    const list = await api<{ items: Listed[] }>(`/api/links?startTime=${Date.now() - DAY_MS}&endTime=${Date.now() + DAY_MS}`, { base, cookie });
    expect(list.status, list.text).toBe(200);
    return list.json.items.find((l) => l.id === id)!;
  }

  /** The counts once they stop changing (two reads a second and a half apart agree), at most 15 s. */
  async function settled(base: string, cookie: string, id: string): Promise<Listed> {
    const since = Date.now();
    let last = await counts(base, cookie, id);
    for (;;) {
      await new Promise((r) => setTimeout(r, 1_500));
      const now = await counts(base, cookie, id);
      if (JSON.stringify(now) === JSON.stringify(last) || Date.now() - since > 15_000) return now;
      last = now;
    }
  }

  it("count 1,000 clicks served by two instances exactly once, the visitors and bots too", async () => {
    const [a, b] = [servers[0]!.url, servers[1]!.url];
    const link = await newLink("spread");
    await Promise.all([clicks(a, "spread", 500), clicks(b, "spread", 500), clicks(b, "spread", 20, ["TelegramBot (like TwitterBot)"])]);
    expect(await link.settled()).toMatchObject({ clicks: 1000, bots: 20, visitors: 10 });
  }, 120_000);

  it("answer 410 on the other instance within the slug cache's bound after a delete", async () => {
    const [a, b] = [servers[0]!.url, servers[1]!.url];
    const admin = await login("admin", "demo", { base: a });
    const made = await api<{ id: string }>("/api/links", { base: a, cookie: admin, method: "POST", body: { slug: "deleted", destination: DEST, inviteCode: "SHARED" } });
    // the other instance has the link cached as live
    expect((await fetch(`${b}/r/deleted`, { redirect: "manual" })).status).toBe(302);
    expect((await api(`/api/links/${made.json.id}`, { base: a, cookie: admin, method: "DELETE" })).status).toBe(200);
    // (the slug cache, SLUG_CACHE_MS in lib/server/services/link-clicks.ts, keeps the 5 s of CACHE_MS)
    const deleted = Date.now();
    expect((await fetch(`${a}/r/deleted`, { redirect: "manual" })).status).toBe(410);
    let status = 302;
    while (status === 302 && Date.now() - deleted < CACHE_MS + SLACK_MS) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await fetch(`${b}/r/deleted`, { redirect: "manual" })).status;
    }
    expect(status).toBe(410);
    expect(Date.now() - deleted).toBeLessThan(CACHE_MS + SLACK_MS);
  }, 60_000);

  it("write the buffered clicks when an instance is stopped (SIGTERM)", async () => {
    const link = await newLink("sigterm");
    const c = servers[2]!;
    await clicks(c.url, "sigterm", 200);
    // at once: the clicks are still in the buffer, written at most a second later
    await c.stop();
    expect((await link.settled()).clicks).toBe(200);
  }, 120_000);

  it("lose at most the last second's clicks when an instance is killed (SIGKILL)", async () => {
    const link = await newLink("sigkill");
    const b = servers[1]!;
    await clicks(b.url, "sigkill", 300);
    // more than a second: the buffer has been written
    await new Promise((r) => setTimeout(r, 2_000));
    await clicks(b.url, "sigkill", 50);
    b.child.kill("SIGKILL");
    await b.exited;
    const { clicks: counted } = await link.settled();
    expect(counted).toBeGreaterThanOrEqual(300);
    expect(counted).toBeLessThanOrEqual(350);
  }, 120_000);
});
