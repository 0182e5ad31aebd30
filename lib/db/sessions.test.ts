import { expect, it } from "vitest";
import { createSession, getSession, pruneSessions, revokeSession } from "./sessions";
import { onEachTestDatabase } from "./test-support";
import { createUser } from "./users";
import { userSessions } from "./schema";

onEachTestDatabase("sessions", (database) => {
  it("keep the end they were given, are revoked once, and are forgotten a while after they ended", async () => {
    const db = database().db;
    const user = await createUser(db, { username: "sam", password: "password-1", role: "viewer" });
    const end = new Date(Date.now() + 12 * 60 * 60_000);
    const sid = await createSession(db, user.id, end);
    expect(await getSession(db, sid)).toEqual({ userId: user.id, expiresAt: end, revokedAt: null });

    await revokeSession(db, sid);
    const revoked = (await getSession(db, sid))!.revokedAt;
    expect(revoked).toBeInstanceOf(Date);
    // signing out twice keeps the first time; the end never moves
    await revokeSession(db, sid);
    expect(await getSession(db, sid)).toEqual({ userId: user.id, expiresAt: end, revokedAt: revoked });

    // not a session id at all: nothing, and no SQL error
    expect(await getSession(db, "not-a-uuid")).toBeUndefined();
    await revokeSession(db, "not-a-uuid");

    const ended = await createSession(db, user.id, new Date(Date.now() - 2 * 24 * 60 * 60_000));
    await pruneSessions(db, new Date(Date.now() - 24 * 60 * 60_000));
    expect(await getSession(db, ended)).toBeUndefined();
    expect(await getSession(db, sid)).toBeDefined();
    expect(await db.select().from(userSessions)).toHaveLength(1);
  });
});
