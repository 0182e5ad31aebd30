import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/connection";
import { recordLoginFailure } from "@/lib/db/login-attempts";
import { testBackends } from "@/lib/db/test-support";
import { noteSuccess, THROTTLE, takeAttempt } from "./throttle";

describe.each(testBackends())("login throttle policy on $name", (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await backend.open();
  });
  afterAll(() => database.close());

  it("blocks a username at its limit until the attempt that reached it leaves the window", async () => {
    const now = Date.now();
    const db = database.db;
    for (let i = 0; i < THROTTLE.maxPerUsername - 1; i++) await recordLoginFailure(db, "ann", `10.1.0.${i}`, new Date(now - 60_000 + i));
    // the fifth attempt takes the last slot (and counts from now on)
    expect(await takeAttempt(db, "ann", "10.9.9.9", now)).toEqual({ allowed: true });
    const state = await takeAttempt(db, "ann", "10.9.9.9", now);
    expect(state).toMatchObject({ allowed: false, reason: "username", firstRefusal: true });
    // the oldest of the last five was 60 s ago: blocked for the rest of the window
    expect(!state.allowed && state.retryAfterSeconds).toBe(Math.ceil((THROTTLE.windowMs - 60_000) / 1000));
    // the audit log hears of a block once
    expect(await takeAttempt(db, "ann", "10.9.9.8", now + 1000)).toMatchObject({ allowed: false, firstRefusal: false });
    expect(await takeAttempt(db, "ann", "10.9.9.9", now + THROTTLE.windowMs)).toEqual({ allowed: true });
    await noteSuccess(db, "ann");
    expect(await takeAttempt(db, "ann", "10.9.9.9", now)).toEqual({ allowed: true });
  });

  it("blocks an IP after failures across many usernames", async () => {
    const now = Date.now();
    for (let i = 0; i < THROTTLE.maxPerIp; i++) await recordLoginFailure(database.db, `u${i}`, "10.2.0.1", new Date(now - 1000));
    expect(await takeAttempt(database.db, "someone-else", "10.2.0.1", now)).toMatchObject({ allowed: false, reason: "ip" });
    expect(await takeAttempt(database.db, "someone-else", "10.2.0.2", now)).toEqual({ allowed: true });
  });

  it("lets at most the limit of parallel attempts through, and tells one refusal of the block to the audit log", async () => {
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => takeAttempt(database.db, "parallel", `10.3.0.${i}`)));
    expect(results.filter((r) => r.allowed)).toHaveLength(THROTTLE.maxPerUsername);
    expect(results.filter((r) => !r.allowed && r.firstRefusal)).toHaveLength(1);
  });

  it("counts an IPv6 client by its /64: its other addresses share the IP limit, another /64 does not", async () => {
    const now = Date.now();
    for (let i = 1; i <= THROTTLE.maxPerIp; i++) expect((await takeAttempt(database.db, `v6-${i}`, `2001:db8:66:1::${i.toString(16)}`, now)).allowed).toBe(true);
    expect(await takeAttempt(database.db, "v6-next", "2001:db8:66:1:ffff:ffff:ffff:fffe", now)).toMatchObject({ allowed: false, reason: "ip" });
    expect(await takeAttempt(database.db, "v6-next", "2001:db8:66:2::1", now)).toEqual({ allowed: true });
  });

  it("does not lock a user out of an address they signed in from when their username is flooded from elsewhere", async () => {
    const now = Date.now();
    const db = database.db;
    await noteSuccess(db, "bea", "2001:db8:77:1::10", now - 60_000);
    await noteSuccess(db, "bea", "10.7.0.1", now - 60_000);
    // guesses at bea's name from addresses she never signed in from: the shared budget is spent
    for (let i = 0; i < THROTTLE.maxPerUsername; i++) expect((await takeAttempt(db, "bea", `10.7.1.${i}`, now)).allowed).toBe(true);
    expect(await takeAttempt(db, "bea", "10.7.2.1", now)).toMatchObject({ allowed: false, reason: "username", firstRefusal: true });
    // bea at her addresses (another address of the same /64 is the same client)
    expect(await takeAttempt(db, "bea", "2001:db8:77:1::abcd", now)).toEqual({ allowed: true });
    expect(await takeAttempt(db, "bea", "10.7.0.1", now)).toEqual({ allowed: true });
    // a known address has a budget of its own, not an unlimited one
    for (let i = 1; i < THROTTLE.maxPerUsername; i++) expect((await takeAttempt(db, "bea", "10.7.0.1", now)).allowed).toBe(true);
    expect(await takeAttempt(db, "bea", "10.7.0.1", now)).toMatchObject({ allowed: false, reason: "username", firstRefusal: true });
    expect(await takeAttempt(db, "bea", "2001:db8:77:1::10", now)).toEqual({ allowed: true });
    // an address used longer ago than the throttle remembers is like any other
    await noteSuccess(db, "cal", "10.8.0.1", now - THROTTLE.knownForMs - 60_000);
    for (let i = 0; i < THROTTLE.maxPerUsername; i++) await takeAttempt(db, "cal", `10.8.1.${i}`, now);
    expect(await takeAttempt(db, "cal", "10.8.0.1", now)).toMatchObject({ allowed: false, reason: "username" });
  });

  it("remembers a bounded number of addresses per username", async () => {
    const db = database.db;
    const now = Date.now();
    for (let i = 0; i < THROTTLE.maxKnownPerUsername + 5; i++) await noteSuccess(db, "dee", `10.9.0.${i}`, now - 60_000 + i);
    const rows = await database.withSession((s) => s.query<{ ip: string }>("SELECT ip FROM login_known_addresses WHERE username = 'dee' ORDER BY ip"));
    expect(rows).toHaveLength(THROTTLE.maxKnownPerUsername);
    expect(rows.map((r) => r.ip)).not.toContain("10.9.0.0");
  });

  it("keeps at most 64 characters of a username", async () => {
    const long = "x".repeat(5000);
    for (let i = 0; i < THROTTLE.maxPerUsername; i++) expect((await takeAttempt(database.db, `${long}${i}`, `10.4.0.${i}`)).allowed).toBe(true);
    // every name with the same first 64 characters is one key
    expect(await takeAttempt(database.db, `${long}-more`, "10.4.1.1")).toMatchObject({ allowed: false, reason: "username" });
    const stored = await database.withSession((s) => s.query<{ n: number }>("SELECT max(length(username))::int AS n FROM login_attempts"));
    expect(stored[0]!.n).toBeLessThanOrEqual(64);
  });
});
