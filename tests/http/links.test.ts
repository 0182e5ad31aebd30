/**
 * Tracked links over HTTP with real sessions: a link made by an admin redirects /r/{slug} with
 * 302 to its destination with the UTM parameters; human clicks are counted, bots apart; one
 * visitor's repeated clicks are one visitor, two visitors two; destinations off the allow-list,
 * javascript: and protocol-relative ones are 400s naming `destination`; a partner cannot make a
 * link for another's code; a viewer and an API token only read; a deleted link answers 410.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, login, signedInPartner } from "./helpers";
import { DAY_MS } from "../../lib/time/calendar";

type ErrorBody = { error: { code: string; message: string; fields?: { path: string }[] } };
type LinkView = { id: string; slug: string; url: string; destination: string; inviteCode: string; codeInDestination: boolean };
type Listed = LinkView & { clicks: number; bots: number; visitors: number; registrations: number; linksWithCode: number };

const run = randomBytes(3).toString("hex");
const CODE = `LNK${run}`.toUpperCase();
const DEST = `https://www.weex.com/register?vipCode=${CODE}`;
const CHROME = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 run/${run}`;
const PREVIEWS = [
  "TelegramBot (like TwitterBot)",
  "Twitterbot/1.0",
  "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
  "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
];

const session = { admin: "", viewer: "", partner: "" };

beforeAll(async () => {
  Object.assign(session, { admin: await login("admin"), viewer: await login("viewer"), partner: await signedInPartner(`links-partner-${run}`, { inviteCodes: [`P${CODE}`] }) });
});

const fields = (body: ErrorBody) => (body.error.fields ?? []).map((f) => f.path);

async function make(body: Record<string, unknown>, cookie = session.admin) {
  return api<LinkView & ErrorBody>("/api/links", { cookie, method: "POST", body });
}

/** A click on the short URL as a browser (or a crawler) sends it: no cookie, no redirect followed. */
function click(slug: string, userAgent: string, method: "GET" | "HEAD" = "GET", suffix = "") {
  return fetch(`${baseUrl()}/r/${slug}${suffix}`, { method, redirect: "manual", headers: { "user-agent": userAgent, referer: "https://t.me/channel/42?secret=x" } });
}

/** The link's counts once the click buffer has been written (every second): polled until `done` holds, at most 10 s. */
async function countsOf(id: string, done: (l: Listed) => boolean): Promise<Listed> {
  const since = Date.now();
  for (;;) {
    const list = await api<{ items: Listed[] }>(`/api/links?startTime=${Date.now() - DAY_MS}&endTime=${Date.now() + DAY_MS}`, { cookie: session.viewer });
    expect(list.status, list.text).toBe(200);
    const l = list.json.items.find((i) => i.id === id)!;
    if (done(l) || Date.now() - since > 10_000) return l;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("tracked links", () => {
  it("redirect /r/{slug} with 302 to the destination with the UTM, whatever the request carries; unknown 404", async () => {
    const made = await make({ slug: `utm-${run}`, destination: DEST, inviteCode: CODE, channel: "telegram", utm: { source: "telegram", medium: "social", campaign: "launch" } });
    expect(made.status, made.text).toBe(201);
    expect(made.json).toMatchObject({ slug: `utm-${run}`, inviteCode: CODE, codeInDestination: true });
    expect(made.json.url).toMatch(new RegExp(`/r/utm-${run}$`));
    const want = `${DEST}&utm_source=telegram&utm_medium=social&utm_campaign=launch`;
    for (const suffix of ["", "?utm_source=evil&next=https://evil.example", "?redirect=//evil.example"]) {
      const res = await click(`utm-${run}`, CHROME, "GET", suffix);
      expect(res.status, suffix).toBe(302);
      expect(res.headers.get("location"), suffix).toBe(want);
      expect(res.headers.get("cache-control")).toContain("no-store");
    }
    const head = await click(`utm-${run}`, CHROME, "HEAD");
    expect(head.status).toBe(302);
    expect(head.headers.get("location")).toBe(want);
    const unknown = await click(`nosuch-${run}`, CHROME);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Link not found");
    expect((await click("Bad%20Slug", CHROME)).status).toBe(404);
    // three GETs counted, the HEAD not
    const counted = await countsOf(made.json.id, (l) => l.clicks >= 3);
    expect(counted).toMatchObject({ clicks: 3, bots: 0, visitors: 1, registrations: 0, linksWithCode: 1 });
  });

  it("count the link-preview crawlers of Telegram, X, Discord, Slack and Facebook as bots, not clicks", async () => {
    const made = await make({ destination: DEST, inviteCode: CODE });
    expect(made.status, made.text).toBe(201);
    expect(made.json.slug).toMatch(/^[a-z0-9]{8}$/);
    for (const ua of PREVIEWS) expect((await click(made.json.slug, ua)).status, ua).toBe(302);
    const counted = await countsOf(made.json.id, (l) => l.bots >= PREVIEWS.length);
    expect(counted).toMatchObject({ clicks: 0, bots: PREVIEWS.length, visitors: 0 });
  });

  it("count one visitor's repeated clicks once as a visitor, and two visitors twice", async () => {
    const made = await make({ destination: DEST, inviteCode: CODE });
    const { id, slug } = made.json;
    for (let i = 0; i < 4; i++) expect((await click(slug, CHROME)).status).toBe(302);
    expect(await countsOf(id, (l) => l.clicks >= 4)).toMatchObject({ clicks: 4, visitors: 1 });
    expect((await click(slug, `${CHROME} second`)).status).toBe(302);
    expect(await countsOf(id, (l) => l.clicks >= 5)).toMatchObject({ clicks: 5, visitors: 2 });
  });

  it("refuse destinations off the allow-list, javascript: and protocol-relative ones, and bad slugs, naming the field", async () => {
    for (const destination of [
      "https://evil.example/register",
      "https://weex.com.evil.example/",
      "https://evilweex.com/",
      "javascript:alert(document.cookie)",
      "//evil.example/register",
      "//www.weex.com/register",
      "http://www.weex.com/register",
    ]) {
      const res = await make({ destination, inviteCode: CODE });
      expect(res.status, destination).toBe(400);
      expect(fields(res.json), destination).toEqual(["destination"]);
    }
    for (const slug of ["ab", "Upper-Case", "with/slash", "x".repeat(65)]) {
      const res = await make({ slug, destination: DEST, inviteCode: CODE });
      expect(res.status, slug).toBe(400);
      expect(fields(res.json), slug).toEqual(["slug"]);
    }
    const first = await make({ slug: `taken-${run}`, destination: DEST, inviteCode: CODE });
    expect(first.status).toBe(201);
    const again = await make({ slug: `taken-${run}`, destination: DEST, inviteCode: CODE });
    expect(again.status).toBe(400);
    expect(fields(again.json)).toEqual(["slug"]);
  });

  it("let a partner make and see links of their own codes only; viewers and API tokens only read", async () => {
    const other = await make({ destination: DEST, inviteCode: CODE }, session.partner);
    expect(other.status).toBe(403);
    expect(fields(other.json)).toEqual(["inviteCode"]);
    const own = await make({ destination: `https://www.weex.com/register?vipCode=P${CODE}`, inviteCode: `P${CODE}` }, session.partner);
    expect(own.status, own.text).toBe(201);
    const theirs = await api<{ items: Listed[] }>("/api/links", { cookie: session.partner });
    expect(theirs.status).toBe(200);
    expect(new Set(theirs.json.items.map((l) => l.inviteCode))).toEqual(new Set([`P${CODE}`]));
    // an admin's link of another code: not the partner's to change or delete
    const admins = await make({ destination: DEST, inviteCode: CODE });
    expect((await api<ErrorBody>(`/api/links/${admins.json.id}`, { cookie: session.partner, method: "DELETE" })).status).toBe(403);
    const moved = await api<ErrorBody>(`/api/links/${own.json.id}`, { cookie: session.partner, method: "PATCH", body: { inviteCode: CODE } });
    expect(moved.status).toBe(403);
    expect(fields(moved.json)).toEqual(["inviteCode"]);
    // a viewer reads, but makes and changes nothing
    expect((await make({ destination: DEST, inviteCode: CODE }, session.viewer)).status).toBe(403);
    expect((await api(`/api/links/${admins.json.id}`, { cookie: session.viewer, method: "PATCH", body: { channel: "x" } })).status).toBe(403);
    // an admin's token with write reads links, and makes none
    const token = await api<{ token: string }>("/api/tokens", { cookie: session.admin, method: "POST", body: { name: `links-${run}`, expiresAt: Date.now() + DAY_MS, write: true } });
    expect(token.status, token.text).toBe(201);
    const bearer = { authorization: `Bearer ${token.json.token}` };
    expect((await api("/api/links", { headers: bearer })).status).toBe(200);
    const byToken = await api<ErrorBody>("/api/links", { headers: bearer, method: "POST", body: { destination: DEST, inviteCode: CODE } });
    expect(byToken.status).toBe(403);
  });

  it("answer 410 with a plain page after a delete; the slug stays taken; changes are audit-logged", async () => {
    const made = await make({ slug: `gone-${run}`, destination: DEST, inviteCode: CODE });
    expect((await click(`gone-${run}`, CHROME)).status).toBe(302);
    const changed = await api<LinkView>(`/api/links/${made.json.id}`, { cookie: session.admin, method: "PATCH", body: { destination: `https://weex.com/campaign?vipCode=${CODE}` } });
    expect(changed.status, changed.text).toBe(200);
    expect((await click(`gone-${run}`, CHROME)).headers.get("location")).toBe(`https://weex.com/campaign?vipCode=${CODE}`);
    const deleted = await api(`/api/links/${made.json.id}`, { cookie: session.admin, method: "DELETE" });
    expect(deleted.status, deleted.text).toBe(200);
    const gone = await click(`gone-${run}`, CHROME);
    expect(gone.status).toBe(410);
    expect(gone.headers.get("location")).toBeNull();
    expect(gone.headers.get("content-type")).toContain("text/html");
    expect(await gone.text()).toContain("Link removed");
    expect((await click(`gone-${run}`, CHROME, "HEAD")).status).toBe(410);
    expect((await api(`/api/links/${made.json.id}`, { cookie: session.admin, method: "DELETE" })).status).toBe(404);
    const reuse = await make({ slug: `gone-${run}`, destination: DEST, inviteCode: CODE });
    expect(reuse.status).toBe(400);
    expect(fields(reuse.json)).toEqual(["slug"]);
    const log = await api<{ items: { action: string; detail: { slug?: string } | null }[] }>("/api/admin/audit?pageSize=100", { cookie: session.admin });
    const actions = log.json.items.filter((e) => e.detail?.slug === `gone-${run}`).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["link.create", "link.update", "link.delete"]));
  });

  it("answer the short URL without a session and without the sign-in redirect", async () => {
    const made = await make({ slug: `nosession-${run}`, destination: DEST, inviteCode: CODE });
    expect(made.status).toBe(201);
    const res = await fetch(`${baseUrl()}/r/nosession-${run}`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(DEST);
  });
});
