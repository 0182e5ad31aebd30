/**
 * Links and their clicks in the database: slugs unique and kept after delete, counts of several
 * instances added into one row, day rollups that outlive the click rows, registrations by code.
 */
import { expect, it } from "vitest";
import { onEachTestDatabase } from "@/lib/db/test-support";
import { archiveInvitee } from "@/lib/db/schema/archive";
import { linkClick } from "@/lib/db/schema/links";
import { DAY_MS } from "@/lib/time/calendar";
import { addClicks, clickTotals, keptFrom, pruneClicks, registrations, type ClickCount } from "./clicks";
import { ClickRecorder, type Click } from "./recorder";
import { createLink, deleteLink, getLink, linkBySlug, listLinks, updateLink } from "./store";
import { bucketOf } from "./visitor";

const NOW = Date.UTC(2026, 10, 29, 12);
const DEST = "https://www.weex.com/register?vipCode=KOL1";

const click = (linkId: number, visitor: string, at: number, bot = false): Click => ({ linkId, at, visitor, bot, referrerHost: "t.me", device: "mobile", browser: "Chrome", os: "Android" });

onEachTestDatabase("links store", (database) => {
  it("keeps a slug unique, also after its link is deleted", async () => {
    const db = database().db;
    const made = await createLink(db, { slug: "kol-telegram", destination: DEST, inviteCode: "KOL1", channel: "telegram", utm: { source: "telegram" }, createdBy: "admin" }, NOW);
    expect(made).toMatchObject({ slug: "kol-telegram", inviteCode: "KOL1", channel: "telegram", utm: { source: "telegram", medium: null, campaign: null }, deletedAt: null });
    const id = (made as { id: string }).id;
    expect(await createLink(db, { slug: "kol-telegram", destination: DEST, inviteCode: "KOL1", createdBy: "admin" }, NOW)).toBe("taken");
    expect(await updateLink(db, id, { channel: "x", utm: { medium: "social" } }, NOW + 1)).toMatchObject({ channel: "x", utm: { source: null, medium: "social" }, updatedAt: NOW + 1 });
    expect((await deleteLink(db, id, NOW + 2))?.deletedAt).toBe(NOW + 2);
    expect(await deleteLink(db, id, NOW + 3)).toBeUndefined();
    expect(await updateLink(db, id, { channel: "y" }, NOW + 3)).toBeUndefined();
    expect((await linkBySlug(db, "kol-telegram"))?.deletedAt).toBe(NOW + 2);
    expect(await createLink(db, { slug: "kol-telegram", destination: DEST, inviteCode: "KOL1", createdBy: "admin" }, NOW)).toBe("taken");
    expect((await listLinks(db, null)).map((l) => l.id)).not.toContain(id);
    expect(await getLink(db, "not-an-id")).toBeUndefined();
  });

  it("generates a slug when none is given and lists a partner's codes only", async () => {
    const db = database().db;
    const a = await createLink(db, { destination: DEST, inviteCode: "CODE-A", createdBy: "p" }, NOW);
    const b = await createLink(db, { destination: DEST, inviteCode: "CODE-B", createdBy: "p" }, NOW);
    expect((a as { slug: string }).slug).toMatch(/^[a-z0-9]{8}$/);
    expect((await listLinks(db, ["CODE-A"])).map((l) => l.inviteCode)).toEqual(["CODE-A"]);
    expect(await listLinks(db, [])).toEqual([]);
    expect((await listLinks(db, null)).map((l) => l.id)).toEqual(expect.arrayContaining([(a as { id: string }).id, (b as { id: string }).id]));
  });

  it("adds the counts of two instances into one row per visitor and bucket; bots apart; visitors distinct", async () => {
    const db = database().db;
    const l = (await createLink(db, { destination: DEST, inviteCode: "TWO", createdBy: "admin" }, NOW)) as { id: string };
    const id = Number(l.id);
    const write = (batch: ClickCount[]) => addClicks(db, batch);
    const one = new ClickRecorder({ write, bucketOf });
    const two = new ClickRecorder({ write, bucketOf });
    for (let i = 0; i < 5; i++) one.add(click(id, "visitor-a", NOW + i));
    for (let i = 0; i < 3; i++) two.add(click(id, "visitor-a", NOW + 60_000 + i));
    two.add(click(id, "visitor-b", NOW));
    one.add(click(id, "crawler", NOW, true));
    one.add(click(id, "crawler", NOW, true));
    await Promise.all([one.flush(), two.flush()]);
    const rowsOf = await db.select().from(linkClick);
    expect(rowsOf.filter((r) => r.linkId === id)).toHaveLength(3);
    const totals = await clickTotals(db, [id], { from: NOW - DAY_MS, to: NOW + DAY_MS }, keptFrom(NOW, 90));
    expect(totals.get(id)).toEqual({ clicks: 9, bots: 2, visitors: 2 });
    // the same visitor in another bucket of the day: still one visitor
    one.add(click(id, "visitor-a", NOW + 3_600_000));
    await one.close();
    expect((await clickTotals(db, [id], { from: NOW - DAY_MS, to: NOW + DAY_MS }, keptFrom(NOW, 90))).get(id)).toEqual({ clicks: 10, bots: 2, visitors: 2 });
  });

  it("rolls up and deletes click rows past the retention; the rollups still answer for those days", async () => {
    const db = database().db;
    const l = (await createLink(db, { destination: DEST, inviteCode: "OLD", createdBy: "admin" }, NOW)) as { id: string };
    const id = Number(l.id);
    const old = NOW - 100 * DAY_MS;
    await addClicks(db, [
      { linkId: id, bucketAt: bucketOf(old), visitor: "v1", clicks: 4, bots: 0, referrerHost: null, device: null, browser: null, os: null },
      { linkId: id, bucketAt: bucketOf(old + 3_600_000), visitor: "v1", clicks: 1, bots: 0, referrerHost: null, device: null, browser: null, os: null },
      { linkId: id, bucketAt: bucketOf(old), visitor: "bot", clicks: 0, bots: 7, referrerHost: null, device: null, browser: null, os: null },
      { linkId: id, bucketAt: bucketOf(NOW), visitor: "v2", clicks: 1, bots: 0, referrerHost: null, device: null, browser: null, os: null },
    ]);
    const range = { from: NOW - 120 * DAY_MS, to: NOW + DAY_MS };
    expect(await pruneClicks(db, NOW, 90)).toBe(3);
    expect((await db.select().from(linkClick)).filter((r) => r.linkId === id)).toHaveLength(1);
    expect((await clickTotals(db, [id], range, keptFrom(NOW, 90))).get(id)).toEqual({ clicks: 6, bots: 7, visitors: 2 });
    expect(await pruneClicks(db, NOW, 90)).toBe(0);
  });

  it("counts a code's registrations in a range from the invitee archive", async () => {
    const db = database().db;
    await db.insert(archiveInvitee).values([
      { uid: "r1", registerTime: NOW - 1000, kycResult: false, inviteCode: "REG", syncedAt: NOW },
      { uid: "r2", registerTime: NOW - 2000, kycResult: true, inviteCode: "REG", syncedAt: NOW },
      { uid: "r3", registerTime: NOW - 10 * DAY_MS, kycResult: true, inviteCode: "REG", syncedAt: NOW },
      { uid: "r4", registerTime: NOW - 1000, kycResult: true, inviteCode: "OTHER", syncedAt: NOW },
    ]);
    const got = await registrations(db, ["REG", "NONE"], { from: NOW - DAY_MS, to: NOW });
    expect(Object.fromEntries(got)).toEqual({ REG: 2, NONE: 0 });
  });

  it("keeps a batch whose write failed and writes it with the next", async () => {
    const db = database().db;
    const l = (await createLink(db, { destination: DEST, inviteCode: "RETRY", createdBy: "admin" }, NOW)) as { id: string };
    const id = Number(l.id);
    let fail = true;
    const errors: unknown[] = [];
    const rec = new ClickRecorder({ write: async (b) => (fail ? Promise.reject(new Error("down")) : addClicks(db, b)), bucketOf, onError: (e) => errors.push(e) });
    rec.add(click(id, "v", NOW));
    await rec.flush();
    expect(errors).toHaveLength(1);
    rec.add(click(id, "v", NOW + 1));
    fail = false;
    await rec.close();
    expect((await clickTotals(db, [id], { from: NOW - DAY_MS, to: NOW + DAY_MS }, keptFrom(NOW, 90))).get(id)).toEqual({ clicks: 2, bots: 0, visitors: 1 });
  });
});
