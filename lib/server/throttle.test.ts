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

  it("keeps at most 64 characters of a username", async () => {
    const long = "x".repeat(5000);
    for (let i = 0; i < THROTTLE.maxPerUsername; i++) expect((await takeAttempt(database.db, `${long}${i}`, `10.4.0.${i}`)).allowed).toBe(true);
    // every name with the same first 64 characters is one key
    expect(await takeAttempt(database.db, `${long}-more`, "10.4.1.1")).toMatchObject({ allowed: false, reason: "username" });
    const stored = await database.withSession((s) => s.query<{ n: number }>("SELECT max(length(username))::int AS n FROM login_attempts"));
    expect(stored[0]!.n).toBeLessThanOrEqual(64);
  });
});
