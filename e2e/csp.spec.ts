/**
 * The pages' Content-Security-Policy in Chromium: scripts run by the response's nonce only (no
 * 'unsafe-inline', proxy.ts), and every script a page needs carries it: the login form signs
 * in through its hydrated form, the overview draws, the value list answers, the root layout's scripts
 * run, and the browser reports no refused script, style or connection on the way.
 */
import { expect, test, type Page } from "@playwright/test";

/** Every CSP violation any document of the page reports (the console's, across navigations). */
function refusals(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect)/i.test(m.text())) seen.push(`${page.url()}: ${m.text()}`);
  });
  return seen;
}

test("pages run under their nonce policy with nothing refused: sign-in, overview, value list", async ({ page }) => {
  test.setTimeout(300_000);
  const refused = refusals(page);
  await page.goto("/login");
  const policy = (await page.request.get("/login")).headers()["content-security-policy"];
  expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='(;|$)/);
  // the form is React's (hydrated: its inline bootstrap ran), not the browser's plain submit
  await page.getByLabel("Username").fill("viewer");
  await page.getByLabel("Password").fill("demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(page.getByTestId("series-chart").first()).toBeVisible({ timeout: 120_000 });
  await page.goto("/value");
  await expect(page.getByRole("heading", { level: 1, name: "Invitee value" })).toBeVisible();
  // the view is React's (its URL state answers a click), whether or not the archive has its rows yet
  const byVolume = page.waitForResponse((r) => r.url().includes("/api/affiliate/invitees/value?") && r.url().includes("sort=volume"));
  await page.getByText("Volume", { exact: true }).click();
  await byVolume;
  // the root layout's own inline scripts ran (one of them makes zod's config jitless)
  expect(await page.evaluate(() => (globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig?.jitless)).toBe(true);
  expect(refused).toEqual([]);
});
