/** Where a link may lead, the UTM it adds, and what a click's request is classed as. */
import { describe, expect, it } from "vitest";
import { classify, referrerHost } from "./classify";
import { checkDestination, newSlug, SLUG_RE, withUtm } from "./destination";
import type { ClickCount } from "./clicks";
import { ClickRecorder, MAX_PENDING } from "./recorder";
import { linkSettingsFromEnv } from "./settings";
import { BUCKET_MS, bucketOf, visitorKeys } from "./visitor";

const HOSTS = ["weex.com", "weex-partner.example"];

describe("link destinations", () => {
  it("takes https URLs of an allowed host or its subdomains", () => {
    expect(checkDestination("https://www.weex.com/register?vipCode=ABC", HOSTS)).toEqual({ ok: "https://www.weex.com/register?vipCode=ABC" });
    expect(checkDestination("https://weex.com/", HOSTS)).toEqual({ ok: "https://weex.com/" });
    expect(checkDestination("https://WEEX.com./a", HOSTS)).toHaveProperty("ok");
    expect(checkDestination("https://a.weex-partner.example/x", HOSTS)).toHaveProperty("ok");
  });

  it("refuses other hosts matched by prefix or suffix text, other schemes, relative and protocol-relative URLs", () => {
    for (const bad of [
      "https://weex.com.evil.example/",
      "https://evilweex.com/",
      "https://evil.example/?https://weex.com",
      "https://evil.example/weex.com",
      "http://www.weex.com/",
      "javascript:alert(1)",
      "JavaScript://weex.com/%0aalert(1)",
      "//weex.com/register",
      "//evil.example/",
      "/register",
      "data:text/html,hi",
      "https://user:pw@weex.com/",
    ]) {
      expect(checkDestination(bad, HOSTS), bad).toHaveProperty("message");
    }
  });

  it("adds the link's UTM parameters and replaces the destination's own", () => {
    expect(withUtm("https://www.weex.com/r?vipCode=A&utm_source=x", { source: "telegram", medium: "social", campaign: null })).toBe("https://www.weex.com/r?vipCode=A&utm_source=telegram&utm_medium=social");
  });

  it("makes slugs the slug rule takes", () => {
    const slugs = new Set(Array.from({ length: 200 }, newSlug));
    for (const s of slugs) expect(s).toMatch(SLUG_RE);
    expect(slugs.size).toBe(200);
    for (const bad of ["ab", "A-b-c", "a/b/c", "a".repeat(65), "ab c"]) expect(SLUG_RE.test(bad), bad).toBe(false);
  });
});

const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("a click's traits", () => {
  it("counts the link-preview crawlers of Telegram, X, Discord, Slack and Facebook as bots", () => {
    for (const ua of [
      "TelegramBot (like TwitterBot)",
      "Twitterbot/1.0",
      "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "Slackbot 1.0 (+https://api.slack.com/robots)",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "facebookcatalog/1.0",
      "curl/8.5.0",
      "",
    ]) {
      expect(classify(ua).bot, ua).toBe(true);
    }
  });

  it("classes browsers by device, browser and OS", () => {
    expect(classify(BROWSER)).toEqual({ bot: false, device: "desktop", browser: "Chrome", os: "Windows" });
    const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
    expect(classify(iphone)).toEqual({ bot: false, device: "mobile", browser: "Mobile Safari", os: "iOS" });
  });

  it("keeps a referrer's host only", () => {
    expect(referrerHost("https://t.me/some_channel/123?x=secret")).toBe("t.me");
    expect(referrerHost("android-app://org.telegram.messenger/")).toBeNull();
    expect(referrerHost("not a url")).toBeNull();
    expect(referrerHost(null)).toBeNull();
  });
});

describe("visitor keys and buckets", () => {
  const day = Date.UTC(2026, 10, 29);
  it("are one key per address and user agent within a UTC day, another the next day and under another secret", () => {
    const key = visitorKeys("server secret");
    const k = key("203.0.113.7", BROWSER, day + 1000);
    expect(k).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(key("203.0.113.7", BROWSER, day + 86_399_000)).toBe(k);
    expect(key("203.0.113.8", BROWSER, day + 1000)).not.toBe(k);
    expect(key("203.0.113.7", `${BROWSER} x`, day + 1000)).not.toBe(k);
    expect(key("203.0.113.7", BROWSER, day + 86_400_000)).not.toBe(k);
    expect(visitorKeys("another secret")("203.0.113.7", BROWSER, day + 1000)).not.toBe(k);
    expect(k).not.toContain("203");
  });

  it("put a click in its 15-minute bucket, so zones at :30 and :45 bucket exactly", () => {
    expect(BUCKET_MS).toBe(900_000);
    expect(bucketOf(day + 14 * 60_000 + 59_999)).toBe(day);
    expect(bucketOf(day + 15 * 60_000)).toBe(day + 15 * 60_000);
    // 05:30 (India) and 05:45 (Nepal) are bucket boundaries
    expect((5.5 * 3_600_000) % BUCKET_MS).toBe(0);
    expect((5.75 * 3_600_000) % BUCKET_MS).toBe(0);
  });
});

describe("link settings", () => {
  it("allow WEEX's hosts and those LINK_DESTINATION_HOSTS adds; keep click rows 90 days unless told", () => {
    expect(linkSettingsFromEnv({})).toEqual({ destinationHosts: ["weex.com"], retentionDays: 90 });
    expect(linkSettingsFromEnv({ LINK_DESTINATION_HOSTS: " Weex.io, partner.example ,", LINK_CLICK_RETENTION_DAYS: "30" })).toEqual({ destinationHosts: ["weex.com", "weex.io", "partner.example"], retentionDays: 30 });
    expect(() => linkSettingsFromEnv({ LINK_DESTINATION_HOSTS: "https://weex.io" })).toThrow(/LINK_DESTINATION_HOSTS/);
    expect(() => linkSettingsFromEnv({ LINK_DESTINATION_HOSTS: "*.weex.io" })).toThrow(/LINK_DESTINATION_HOSTS/);
    expect(() => linkSettingsFromEnv({ LINK_CLICK_RETENTION_DAYS: "0" })).toThrow(/LINK_CLICK_RETENTION_DAYS/);
  });
});

describe("the click buffer", () => {
  const at = Date.UTC(2026, 10, 29, 12);
  const add = (rec: ClickRecorder, visitor: string, bot = false) => rec.add({ linkId: 1, at, visitor, bot, referrerHost: null, device: "desktop", browser: null, os: null });

  it("holds one entry per visitor and bucket, writes it once per flush and nothing when empty", async () => {
    const batches: ClickCount[][] = [];
    const rec = new ClickRecorder({ write: async (b) => void batches.push(b), bucketOf });
    for (let i = 0; i < 1000; i++) add(rec, "flood");
    add(rec, "crawler", true);
    await rec.flush();
    await rec.flush();
    expect(batches).toHaveLength(1);
    expect(batches[0]!.map((c) => [c.visitor, c.clicks, c.bots])).toEqual([["flood", 1000, 0], ["crawler", 0, 1]]);
  });

  it("writes on its timer at least every interval, and what is left when closed", async () => {
    const batches: ClickCount[][] = [];
    const rec = new ClickRecorder({ write: async (b) => void batches.push(b), bucketOf, intervalMs: 50 }).start();
    add(rec, "a");
    await new Promise((r) => setTimeout(r, 200));
    expect(batches).toHaveLength(1);
    add(rec, "b");
    await rec.close();
    expect(batches.map((b) => b.map((c) => c.visitor))).toEqual([["a"], ["b"]]);
  });

  it("stays bounded: new visitors past the limit are dropped and counted", async () => {
    const rec = new ClickRecorder({ write: async () => {}, bucketOf });
    for (let i = 0; i < MAX_PENDING + 5; i++) add(rec, `v${i}`);
    add(rec, "v0");
    expect(rec.droppedClicks).toBe(5);
  });
});
