/**
 * Both languages, in Chromium.
 *
 * The walk: every page in zh-CN (the browser asks for it with Accept-Language) must show no
 * English outside data and identifiers. Two checks on what a person can see or hear on the page
 * (text, aria-label, title, placeholder, alt, the <title>):
 *   1. no text of the English catalogue appears (each static piece of a message, placeholders
 *      cut out, that zh-CN does not share, e.g. "KYC" or "CSV");
 *   2. no English phrase (two or more English words in a row) appears outside data: table
 *      bodies, <code>, and elements marked translate="no" (the HTML way to say "do not
 *      translate": names, ids, symbols) are data.
 * axe runs on every page in both languages. The switch: chosen in the shell, kept across a
 * reload, a sign-out (the login page) and a sign-in from another browser (saved with the user);
 * the URL and its filters stay the same.
 *
 * A user of its own: the saved language must not leak into the other specs' demo users.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectAccessible, login, settled } from "./helpers";

const USER = "i18n-walker";
const PASSWORD = "i18n-walker-password";

/** Every page, with the query that makes it show its content (orders need a pair). */
const PAGES = [
  "/?period=7d",
  "/invitees",
  "/cohorts?period=30d",
  "/sub-affiliates?period=7d",
  "/transfers",
  "/markets",
  "/coins",
  "/orders?symbol=BTCUSDT",
  "/trading",
  "/alerts",
  "/risk",
  "/admin/users",
  "/admin/audit",
  "/admin/sync",
  "/settings/tokens",
];

type Tree = { [key: string]: string | Tree };

/** A language's catalogue, read as files (the runner's loader does not import JSON modules). */
function catalogue(locale: string): Tree {
  const dir = join(process.cwd(), "messages", locale);
  return Object.fromEntries(readdirSync(dir).filter((f) => f.endsWith(".json")).map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(dir, f), "utf8")) as Tree]));
}
function leaves(tree: Tree): string[] {
  return Object.values(tree).flatMap((v) => (typeof v === "string" ? [v] : leaves(v)));
}

/** The static pieces of an ICU message: "{count} rows on page {page}" → ["rows on page"]. */
function staticPieces(message: string): string[] {
  return message
    .replace(/\{[^{}]*\{[^{}]*\}[^{}]*\}/g, "\u0000") // plural/select arms (one level deep)
    .replace(/\{[^{}]*\}/g, "\u0000")
    .replace(/<\/?[a-zA-Z]+>/g, "\u0000")
    .split("\u0000")
    .map((s) => s.trim().replace(/^[\s.,:;·—–()\-]+|[\s.,:;·—–()\-]+$/g, ""))
    .filter((s) => /[A-Za-z]{3,}/.test(s));
}

const ZH_TEXT = leaves(catalogue("zh-CN")).join("\n");
/** English catalogue pieces a zh-CN page must not show (those zh-CN uses too are identifiers). */
const ENGLISH_PIECES = [...new Set(leaves(catalogue("en")).flatMap(staticPieces))].filter((p) => !ZH_TEXT.includes(p));

/** Words that are identifiers in both languages: products, units, protocols, the brand. */
const IDENTIFIER_WORDS = new Set(["WEEX", "SPOT", "FUTURES", "USDT", "KYC", "CSV", "UID", "UTC", "TP", "SL", "API", "HMAC", "SHA", "URL", "SMTP", "Webhook", "webhook", "JSON", "ID", "DEMO", "LIVE", "GMT"]);

/** What a person sees and hears on the page, without data (see the file's comment). */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const root = document.body.cloneNode(true) as HTMLElement;
    root.querySelectorAll("tbody, code, pre, script, style, [translate='no'], [hidden], option").forEach((el) => el.remove());
    const attrs = [...root.querySelectorAll("[aria-label], [title], [placeholder], [alt]")].flatMap((el) =>
      ["aria-label", "title", "placeholder", "alt"].map((a) => el.getAttribute(a) ?? ""),
    );
    // innerText of a detached node has no layout: textContent with block breaks instead.
    root.querySelectorAll("*").forEach((el) => el.append(document.createTextNode("\n")));
    const options = [...document.querySelectorAll("option:not([translate='no'])")].map((o) => o.textContent ?? "");
    return [document.title, root.textContent ?? "", ...attrs, ...options].join("\n");
  });
}

function englishPhrases(text: string): string[] {
  const found = new Set<string>();
  for (const line of text.split("\n")) {
    for (const m of line.matchAll(/[A-Za-z][A-Za-z'’-]*(?:[ ,]+[A-Za-z][A-Za-z'’-]*)+/g)) {
      const words = m[0].split(/[ ,]+/).filter((w) => !IDENTIFIER_WORDS.has(w) && /[a-z]/.test(w) && w.length > 1);
      if (words.length >= 2) found.add(m[0]);
    }
  }
  return [...found];
}

async function expectChinese(page: Page, path: string): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  const text = await visibleText(page);
  const catalogueHits = ENGLISH_PIECES.filter((p) => new RegExp(`(^|[^A-Za-z])${p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^A-Za-z])`).test(text));
  expect(catalogueHits, `${path}: English catalogue text on the zh-CN page`).toEqual([]);
  expect(englishPhrases(text), `${path}: English phrases on the zh-CN page`).toEqual([]);
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, username, password, callbackUrl: "/", json: "true" },
    maxRedirects: 0,
  });
  expect(res.status(), `sign-in as ${username}`).toBeLessThan(400);
  const session = await (await page.request.get("/api/auth/session")).json();
  expect(session?.user?.username, `session of ${username}`).toBe(username);
}

const origin = () => new URL(test.info().project.use.baseURL!).origin;

/** Choose a language as the switch does (saved with the signed-in user). */
async function choose(page: Page, locale: "en" | "zh-CN"): Promise<void> {
  const res = await page.request.put("/api/me/locale", { data: { locale }, headers: { origin: origin() } });
  expect(await res.json()).toEqual({ locale, saved: true });
}

async function newPage(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ locale, timezoneId: "UTC" });
  return context.newPage();
}

test.describe("English and Simplified Chinese", () => {
  test.beforeAll(async ({ browser }) => {
    const page = await newPage(browser, "en-US");
    await login(page, "admin");
    const res = await page.request.post("/api/admin/users", { data: { username: USER, password: PASSWORD, role: "admin" }, headers: { origin: origin() } });
    // "already taken" on a retry of this spec is fine: the user is there.
    if (res.status() !== 201) expect(JSON.stringify(await res.json())).toContain("already taken");
    await page.context().close();
  });

  test("every page in zh-CN: no untranslated English, axe clean", async ({ browser }) => {
    test.setTimeout(600_000);
    const page = await newPage(browser, "zh-CN");
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expectChinese(page, "/login");
    await expectAccessible(page, "/login (zh-CN)");

    await signIn(page, USER, PASSWORD);
    await choose(page, "zh-CN");
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await settled(page);
      await expectChinese(page, path);
      await expectAccessible(page, `${path} (zh-CN)`);
    }
  });

  test("every page in English: axe clean, lang en", async ({ browser }) => {
    test.setTimeout(600_000);
    const page = await newPage(browser, "en-US");
    await signIn(page, USER, PASSWORD);
    await choose(page, "en");
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await settled(page);
      await expectAccessible(page, `${path} (en)`);
    }
  });

  test("the switch: kept across reload, sign-out and a sign-in elsewhere; URL unchanged", async ({ browser }) => {
    const page = await newPage(browser, "en-US");
    await signIn(page, USER, PASSWORD);
    await choose(page, "en");
    const path = "/sub-affiliates?period=7d&productType=SPOT";
    await page.goto(path);
    const heading = page.getByRole("heading", { level: 1 });
    const englishTitle = await heading.textContent();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    await page.getByRole("combobox", { name: "Language" }).selectOption("zh-CN");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(heading).not.toHaveText(englishTitle ?? "");
    expect(page.url()).toContain(path);
    const chineseTitle = await heading.textContent();

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(heading).toHaveText(chineseTitle ?? "");

    // Signed out, the login page keeps the language (the cookie)...
    await page.context().clearCookies({ name: /next-auth/ });
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");

    // ...and another browser that asks for English gets Chinese once this user signs in.
    const elsewhere = await newPage(browser, "en-US");
    await signIn(elsewhere, USER, PASSWORD);
    await elsewhere.goto(path);
    await expect(elsewhere.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(elsewhere.getByRole("heading", { level: 1 })).toHaveText(chineseTitle ?? "");
    // That browser now remembers it as well: signed out, its login page is in Chinese.
    await elsewhere.context().clearCookies({ name: /next-auth/ });
    await elsewhere.goto("/login");
    await expect(elsewhere.locator("html")).toHaveAttribute("lang", "zh-CN");
    await signIn(elsewhere, USER, PASSWORD);
    await elsewhere.goto(path);

    // Back to English the same way (the walk's other tests need nothing from this state).
    await elsewhere.getByRole("combobox", { name: "语言" }).selectOption("en");
    await expect(elsewhere.locator("html")).toHaveAttribute("lang", "en");
    await expect(elsewhere.getByRole("heading", { level: 1 })).toHaveText(englishTitle ?? "");
  });
});
