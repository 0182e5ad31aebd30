/**
 * API tokens in Chromium: a person makes a token on /settings/tokens, sees it once
 * with a copy button, finds it listed (never the token itself again), uses it from a script
 * (a request with the header and no cookie), and revokes it: the script's next request is a
 * 401. The page in Chinese shows none of the English catalogue; a partner may open it too; the
 * API reference (/docs/api) draws the document with the renderer the dashboard serves itself,
 * within the pages' CSP.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, request, test, type Browser, type Page } from "@playwright/test";
import { login, signIn } from "./helpers";

const stamp = Date.now().toString(36);

/** A request context like a script's: no cookie, no Origin; the token in the header. */
async function script(baseURL: string, token: string) {
  const ctx = await request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  const res = await ctx.get("/api/alerts/unread");
  const status = res.status();
  await ctx.dispose();
  return status;
}

/** CSP violations the page reports (the listener is in place before any script of the page runs). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as typeof window & { __csp?: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__csp!.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`));
  });
  return () => page.evaluate(() => (window as typeof window & { __csp?: string[] }).__csp ?? []);
}

test.describe("API tokens", () => {
  test("made on the settings page, shown once with a copy button, listed, used by a script, revoked: then 401", async ({ page, baseURL, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const violations = await watchCsp(page);
    await login(page, "viewer");
    await page.goto("/settings/tokens");
    await expect(page.getByRole("heading", { name: "API tokens", level: 1 })).toBeVisible();

    const name = `e2e script ${stamp}`;
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Expires").selectOption("30");
    await page.getByRole("button", { name: "Make token" }).click();

    const shown = page.getByTestId("new-token");
    await expect(shown).toBeVisible();
    await expect(shown.getByRole("alert")).toContainText("shown only this once");
    const token = (await shown.getByTestId("new-token-value").locator("code").textContent())!.trim();
    expect(token).toMatch(/^wxd_[A-Za-z0-9_-]{43}$/);
    // the copy button puts exactly the token on the clipboard
    await shown.getByRole("button", { name: `Copy API token ${token}` }).click();
    await expect(shown).toContainText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    // listed with its first characters only
    const row = page.getByTestId("token-row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`${token.slice(0, 10)}…`);
    await expect(row).toContainText("read-only");
    await expect(row).toContainText("never");

    // a script uses it: no cookie, no Origin
    expect(await script(baseURL!, token)).toBe(200);

    // once dismissed (or after a reload) the token is nowhere on the page
    await shown.getByRole("button", { name: "I have copied it" }).click();
    await expect(page.getByTestId("new-token")).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("token-row").filter({ hasText: name })).toHaveCount(1);
    expect(await page.content()).not.toContain(token);

    page.once("dialog", (d) => void d.accept());
    await page.getByTestId("token-row").filter({ hasText: name }).getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByTestId("tokens-notice")).toHaveText(`The token “${name}” is revoked.`);
    await expect(page.getByTestId("token-row").filter({ hasText: name })).toHaveCount(0);
    expect(await script(baseURL!, token)).toBe(401);
    // nothing the page ran was refused by the CSP (zod's probe for eval included: app/providers.tsx)
    expect(await violations()).toEqual([]);
  });

  test("the page in Chinese shows none of the English catalogue's text", async ({ browser, baseURL }) => {
    const ctx = await browser.newContext({ baseURL, locale: "zh-CN", extraHTTPHeaders: { "accept-language": "zh-CN,zh;q=0.9" } });
    const page = await ctx.newPage();
    await login(page, "viewer");
    await page.goto("/settings/tokens");
    await expect(page.getByRole("heading", { name: "API 令牌", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "创建令牌" })).toBeVisible();
    const text = await page.locator("body").innerText();
    const read = (locale: string) => JSON.parse(readFileSync(join(process.cwd(), "messages", locale, "tokens.json"), "utf8")) as Record<string, string>;
    const [en, zh] = [read("en"), read("zh-CN")];
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    // each static piece of an English message (placeholders cut out) that is a phrase of words
    const pieces = Object.values(en).flatMap((m) => m.replace(/\{[^{}]*(\{[^{}]*\}[^{}]*)*\}/g, "\u0000").split("\u0000")).map((p) => p.trim()).filter((p) => /[A-Za-z]{3,}\s+[A-Za-z]{2,}/.test(p));
    expect(pieces.length).toBeGreaterThan(10);
    expect(pieces.filter((p) => text.includes(p))).toEqual([]);
    await ctx.close();
  });

  test("a partner opens the page from the navigation and makes a token of their own", async ({ browser, page, baseURL }) => {
    await login(page, "admin");
    const board = await page.request.get("/api/affiliate/sub-affiliates/leaderboard?limit=2");
    expect(board.ok(), await board.text()).toBe(true);
    const uid = ((await board.json()) as { items: { subAffiliateUid: string }[] }).items[0]!.subAffiliateUid;
    const who = `tokens-partner-${stamp}`;
    const made = await page.request.post("/api/admin/users", { data: { username: who, password: "partner-password", role: "partner", scope: { subAffiliateUids: [uid] } }, headers: { origin: baseURL! } });
    expect(made.status(), await made.text()).toBe(201);

    const partner = await (await browser.newContext({ baseURL })).newPage();
    await signIn(partner, who, "partner-password");
    await partner.goto("/markets");
    await partner.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API tokens", exact: true }).click();
    await expect(partner).toHaveURL(/\/settings\/tokens$/);
    await partner.getByLabel("Name").fill("partner sheet");
    await partner.getByRole("button", { name: "Make token" }).click();
    await expect(partner.getByTestId("new-token")).toBeVisible();
    await expect(partner.getByTestId("token-row").filter({ hasText: "partner sheet" })).toHaveCount(1);
  });

  test("the API reference renders with the dashboard's own renderer, within the CSP", async ({ page, baseURL }) => {
    const violations = await watchCsp(page);
    // nothing from elsewhere: no CDN, no fonts, no telemetry
    const outside: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith(`${baseURL}/`) && !/^(data|blob):/.test(r.url())) outside.push(r.url());
    });
    await login(page, "viewer");
    await page.goto("/docs/api");
    const reference = page.getByTestId("api-reference");
    await expect(reference.getByText("WEEX Affiliate Dashboard API").first()).toBeVisible({ timeout: 60_000 });
    // the operations, by section (the first section is open), and the introduction's examples
    await expect(reference.getByRole("link", { name: /^Invited users, one page/ })).toBeVisible();
    await expect(reference.getByRole("complementary").getByRole("link", { name: "API tokens", exact: true })).toBeVisible();
    await expect(reference.getByText("Python: paging through invited users").first()).toBeAttached();
    await expect(page.getByRole("alert").filter({ hasText: "could not be loaded" })).toHaveCount(0);
    expect(await violations()).toEqual([]);
    expect(outside).toEqual([]);
  });
});

test.describe("an admin's reset or disabling on /admin/users", () => {
  /** A new viewer with a token and a share link, made from their own session. */
  async function armed(browser: Browser, baseURL: string, admin: Page, who: string) {
    const made = await admin.request.post("/api/admin/users", { data: { username: who, password: "revoke-password", role: "viewer" }, headers: { origin: baseURL } });
    expect(made.status(), await made.text()).toBe(201);
    const ctx = await browser.newContext({ baseURL });
    const user = await ctx.newPage();
    await signIn(user, who, "revoke-password");
    const token = await user.request.post("/api/tokens", { data: { name: `${who} script`, expiresAt: Date.now() + 86_400_000 }, headers: { origin: baseURL } });
    expect(token.status(), await token.text()).toBe(201);
    const link = await user.request.post("/api/share-links", { data: { page: "cohorts", expiresAt: new Date(Date.now() + 86_400_000).toISOString() }, headers: { origin: baseURL } });
    expect(link.status(), await link.text()).toBe(201);
    const { token: text } = (await token.json()) as { token: string };
    const { id: linkId } = (await link.json()) as { id: string };
    await ctx.close();
    expect(await script(baseURL, text)).toBe(200);
    return { text, linkId };
  }

  test("shows the admin which tokens and share links the reset revoked, in English and in Chinese", async ({ browser, page, baseURL }) => {
    await login(page, "admin");
    const who = `revoke-en-${stamp}`;
    const { text, linkId } = await armed(browser, baseURL!, page, who);
    await page.goto("/admin/users");
    const row = page.getByRole("row").filter({ hasText: who });
    await row.getByRole("button", { name: "Reset password" }).click();
    await page.getByLabel(`New password for ${who}`).fill("another-password");
    await page.getByRole("button", { name: "Set password", exact: true }).click();
    const notice = page.getByTestId("admin-notice");
    await expect(notice).toContainText(`New password set for ${who}.`);
    await expect(notice).toContainText(`Revoked 1 API token: ${who} script.`);
    await expect(notice).toContainText(`Revoked 1 share link: cohorts ${linkId.slice(0, 8)}.`);
    expect(await script(baseURL!, text)).toBe(401);

    // an admin whose page is in Chinese disables another such user
    const zhAdmin = `revoke-admin-${stamp}`;
    const made = await page.request.post("/api/admin/users", { data: { username: zhAdmin, password: "revoke-password", role: "admin" }, headers: { origin: baseURL! } });
    expect(made.status(), await made.text()).toBe(201);
    const other = `revoke-zh-${stamp}`;
    const second = await armed(browser, baseURL!, page, other);
    const ctx = await browser.newContext({ baseURL, locale: "zh-CN", extraHTTPHeaders: { "accept-language": "zh-CN,zh;q=0.9" } });
    const zh = await ctx.newPage();
    await signIn(zh, zhAdmin, "revoke-password");
    await zh.goto("/admin/users");
    zh.once("dialog", (d) => void d.accept());
    await zh.getByRole("row").filter({ hasText: other }).getByRole("button", { name: "停用" }).click();
    const zhNotice = zh.getByTestId("admin-notice");
    await expect(zhNotice).toContainText(`已撤销 1 个 API 令牌：${other} script。`);
    await expect(zhNotice).toContainText(`已撤销 1 个共享链接：cohorts ${second.linkId.slice(0, 8)}。`);
    expect(await script(baseURL!, second.text)).toBe(401);
    await ctx.close();
  });
});
