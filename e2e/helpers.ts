/**
 * Shared steps of the browser tests: sign in as a demo user, scan a page with axe, read
 * reference data through the same API the pages use.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Locator, type Page } from "@playwright/test";

/**
 * Fill a field until the page reacts. A field filled before the page has hydrated keeps the text,
 * but React never sees it, and filling the same text again changes nothing React tracks: so each
 * try clears the field first. `reacted` should use a short timeout (a try is cheap).
 */
export async function fillUntil(field: Locator, value: string, reacted: () => Promise<unknown>): Promise<void> {
  await expect(async () => {
    await field.clear();
    await field.fill(value);
    await reacted();
  }).toPass({ timeout: 30_000 });
}

export type Role = "viewer" | "trader" | "admin";

/**
 * A partner with `scope`, added over the admin API from `admin` (a page signed in as an admin),
 * as /admin/users does, then signed in on a page in a browser context of its own.
 */
export async function addPartner(
  browser: Browser,
  admin: Page,
  baseURL: string,
  partner: { username: string; password: string; scope: { subAffiliateUids?: string[]; inviteCodes?: string[] } },
): Promise<Page> {
  const made = await admin.request.post("/api/admin/users", {
    data: { username: partner.username, password: partner.password, role: "partner", scope: partner.scope },
    headers: { origin: baseURL },
  });
  expect(made.status(), await made.text()).toBe(201);
  const page = await (await browser.newContext({ baseURL })).newPage();
  await signIn(page, partner.username, partner.password);
  return page;
}

/**
 * The sub-affiliate table on `page` shows rows once loaded, and each row is of one of the
 * sub-affiliates in `mine` (a partner's scope, or a share link's).
 */
export async function expectOnlyRowsOf(page: Page, mine: string[]): Promise<void> {
  const table = page.getByTestId("sub-affiliates-table");
  await expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 120_000 });
  await expect(table.locator("table")).not.toHaveAttribute("aria-busy", "true");
  const shown = await table.locator("tbody tr td:nth-child(2) code").allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  for (const uid of shown) expect(mine, `a row of ${uid}`).toContain(uid);
}

/** Open `path` and return its table (the element with data-testid `testId`). */
export async function openTable(page: Page, path: string, testId: string): Promise<Locator> {
  await page.goto(path);
  return page.getByTestId(testId);
}

/**
 * Sign in through next-auth's credentials endpoint (the same request the login form makes);
 * the session cookie lands in the page's browser context.
 */
export async function login(page: Page, role: Role): Promise<void> {
  await signIn(page, role, "demo");
  const session = await (await page.request.get("/api/auth/session")).json();
  expect(session?.user?.role, `session of ${role}`).toBe(role);
}

/** Sign in as any user (a partner a spec made) in the page's browser context. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  const csrf = await page.request.get("/api/auth/csrf");
  expect(csrf.ok()).toBe(true);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, username, password, callbackUrl: "/", json: "true" },
    maxRedirects: 0,
  });
  expect(res.status(), `sign-in as ${username}`).toBeLessThan(400);
}

/**
 * Until the server's first backfill is complete (GET /api/archive/status). Meanwhile the
 * overview shows what the history holds so far and compares no partial period, so a test that
 * asserts comparisons of days the backfill may not have reached waits for it: the suite's
 * server starts on an empty database, and a spec run alone meets the backfill (minutes at
 * scale 1). The page fills in by itself (it asks again every 10 s), no reload needed.
 */
export async function historyBuilt(page: Page, timeout = 900_000): Promise<void> {
  const building = async () => ((await (await page.request.get("/api/archive/status")).json()) as { building: boolean }).building;
  await expect.poll(building, { timeout, intervals: [5_000] }).toBe(false);
}

/** An axe scan (WCAG 2.x A/AA) that fails on any serious or critical violation, listing them. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = bad.map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join("\n  ")}`).join("\n");
  expect(bad, `${label}: axe found\n${report}`).toEqual([]);
}

export interface SymbolDef {
  symbol: string;
  status: string;
  baseAsset: string;
  tickSize?: string;
  stepSize?: string;
  minTradeAmount?: string;
  maxTradeAmount?: string;
}

export async function symbols(page: Page): Promise<SymbolDef[]> {
  const res = await page.request.get("/api/reference/symbols");
  expect(res.ok()).toBe(true);
  const body = await res.json();
  return Array.isArray(body) ? body : body.symbols;
}

/**
 * Wait until no skeleton or "Loading" status is left on the page, and no table still shows the
 * previous page's rows (dimmed, aria-busy) or is still rendering its rows.
 */
export async function settled(page: Page, timeout = 120_000): Promise<void> {
  await expect(page.locator('[aria-busy="true"][role="status"]')).toHaveCount(0, { timeout });
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0, { timeout });
}

/**
 * What copying the element's whole text puts on the clipboard: its text selected as a
 * double-click or a drag would, then the copy event the browser sends (its handlers may put
 * something else there, as the amounts do: their exact value).
 */
export async function copiedText(el: Locator): Promise<string> {
  return el.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    const shown = selection.toString();
    const data = new DataTransfer();
    const handled = !node.dispatchEvent(new ClipboardEvent("copy", { clipboardData: data, bubbles: true, cancelable: true }));
    selection.removeAllRanges();
    return handled ? data.getData("text/plain") : shown;
  });
}

/**
 * A non-negative decimal string as the pages show a USDT amount (lib/ui/format.ts: two decimals
 * rounded half up, grouped in en-US), computed here with BigInt, independently of the page.
 */
export function usdtForReading(exact: string): string {
  const [int, frac = ""] = exact.split(".");
  let cents = BigInt(int + frac.padEnd(2, "0").slice(0, 2));
  if ((frac[2] ?? "0") >= "5") cents += 1n;
  const text = cents.toString().padStart(3, "0");
  const whole = BigInt(text.slice(0, -2)).toLocaleString("en-US");
  return `${whole}.${text.slice(-2)}`;
}
