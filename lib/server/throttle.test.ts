import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/connection";
import { recordLoginFailure } from "@/lib/db/login-failures";
import { testBackends } from "@/lib/db/test-support";
import { noteSuccess, THROTTLE, throttleState } from "./throttle";

describe("login throttle policy", () => {
  let database: Database;
  beforeAll(async () => {
    database = await testBackends()[0]!.open();
  });
  afterAll(() => database.close());

  it("blocks a username at its limit until the failure that reached it leaves the window", async () => {
    const now = Date.now();
    const db = database.db;
    for (let i = 0; i < THROTTLE.maxPerUsername - 1; i++) await recordLoginFailure(db, "ann", `10.1.0.${i}`, new Date(now - 60_000 + i));
    expect(await throttleState(db, "ann", "10.9.9.9", now)).toEqual({ blocked: false });
    await recordLoginFailure(db, "ann", "10.1.0.99", new Date(now - 1000));
    const state = await throttleState(db, "ann", "10.9.9.9", now);
    expect(state).toMatchObject({ blocked: true, reason: "username" });
    // the oldest of the last five was 60 s ago: blocked for the rest of the window
    expect(state.blocked && state.retryAfterSeconds).toBe(Math.ceil((THROTTLE.windowMs - 60_000) / 1000));
    expect(await throttleState(db, "ann", "10.9.9.9", now + THROTTLE.windowMs)).toEqual({ blocked: false });
    await noteSuccess(db, "ann");
    expect(await throttleState(db, "ann", "10.9.9.9", now)).toEqual({ blocked: false });
  });

  it("blocks an IP after failures across many usernames", async () => {
    const now = Date.now();
    for (let i = 0; i < THROTTLE.maxPerIp; i++) await recordLoginFailure(database.db, `u${i}`, "10.2.0.1", new Date(now - 1000));
    expect(await throttleState(database.db, "someone-else", "10.2.0.1", now)).toMatchObject({ blocked: true, reason: "ip" });
    expect(await throttleState(database.db, "someone-else", "10.2.0.2", now)).toEqual({ blocked: false });
  });
});
