import { expect, test } from "@playwright/test";
import { expectAccessible, login } from "./helpers";

test.describe("shell and roles", () => {
  test("a signed-out visitor is sent to the login page", async ({ page }) => {
    await page.goto("/invitees");
    await expect(page).toHaveURL(/\/login/);
  });

  test("viewer: DEMO badge, own name, no trading in the navigation, 403 on trader pages", async ({ page }) => {
    await login(page, "viewer");
    await page.goto("/");
    await expect(page.getByTestId("mode-badge")).toHaveText(/DEMO/);
    await expect(page.getByTestId("user-name")).toHaveText("viewer");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Invited users" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Place orders" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Spot orders" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Users", exact: true })).toHaveCount(0);

    await page.goto("/trading");
    await expect(page.getByTestId("forbidden")).toContainText("403");
    await expect(page.getByTestId("forbidden")).toContainText("trader");
    await expect(page.getByRole("button", { name: "Review order" })).toHaveCount(0);
    await expectAccessible(page, "/trading as viewer");
    await page.goto("/orders");
    await expect(page.getByTestId("forbidden")).toBeVisible();
    // The API agrees: a viewer cannot place an order even by hand.
    const res = await page.request.post("/api/contract/orders", { data: {}, headers: { origin: new URL(page.url()).origin } });
    expect(res.status()).toBe(403);
  });

  test("trader and admin see their pages in the navigation", async ({ page }) => {
    await login(page, "admin");
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Overview", "Place orders", "Spot orders", "Users", "Audit log", "Archive sync"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Users", exact: true })).toHaveAttribute("href", "/admin/users");
  });

  test("navigation carries the period and zone; the current page is marked", async ({ page }) => {
    await login(page, "viewer");
    await page.goto("/?period=7d&tz=UTC&granularity=week");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Sub-affiliates" })).toHaveAttribute("href", /period=7d.*granularity=week.*tz=UTC|period=7d/);
    await nav.getByRole("link", { name: "Sub-affiliates" }).click();
    await expect(page).toHaveURL(/\/sub-affiliates\?.*period=7d/);
    await expect(page.getByLabel("Period", { exact: true })).toHaveValue("7d");
    await expect(nav.getByRole("link", { name: "Markets" })).toHaveAttribute("href", "/markets");
  });

  test("the navigation's links prefetch their page on intent (pointer, focus), not on sight", async ({ page }) => {
    await login(page, "viewer");
    const prefetched: string[] = [];
    page.on("request", (r) => {
      if (r.headers()["next-router-prefetch"]) prefetched.push(new URL(r.url()).pathname);
    });
    await page.goto("/markets");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Coins" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1_000);
    // a dozen links on screen (and the logo and the bell), none of them fetched
    expect(prefetched).toEqual([]);

    await nav.getByRole("link", { name: "Coins" }).hover();
    await expect.poll(() => prefetched).toContain("/coins");
    await nav.getByRole("link", { name: "Invited users" }).focus();
    await expect.poll(() => prefetched).toContain("/invitees");
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1_000);
    // exactly the two shown intent: one link's intent does not turn the others on
    expect(new Set(prefetched)).toEqual(new Set(["/coins", "/invitees"]));

    // the click still navigates, and the next page prefetches nothing on sight either
    await nav.getByRole("link", { name: "Coins" }).click();
    await expect(page).toHaveURL(/\/coins/);
    await page.waitForLoadState("networkidle");
    prefetched.length = 0;
    await page.waitForTimeout(1_000);
    expect(prefetched).toEqual([]);
  });

  test("dark theme is applied before paint and survives a reload", async ({ page }) => {
    await login(page, "viewer");
    await page.goto("/markets");
    const toggle = page.getByRole("button", { name: "Dark theme" });
    const wasDark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
    await toggle.click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(!wasDark);
    // Record the class when the HTML is parsed, before any React code ran: no flash.
    await page.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => {
        (window as unknown as { themeAtParse: boolean }).themeAtParse = document.documentElement.classList.contains("dark");
      }),
    );
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { themeAtParse: boolean }).themeAtParse)).toBe(!wasDark);
    const isDark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
    expect(isDark).toBe(!wasDark);
    await expect(toggle).toHaveAttribute("aria-pressed", String(!wasDark));
    await expectAccessible(page, "/markets in the other theme");
  });

  test("on a phone the navigation is a drawer behind a menu button", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await login(page, "trader");
    await page.goto("/");
    const menu = page.getByRole("button", { name: "Open navigation" });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await menu.click();
    const drawer = page.locator("#mobile-nav");
    await expect(drawer).toBeVisible();
    // Focus moves into the drawer (its first link), and Escape closes it back onto the button.
    await expect(drawer.getByRole("link", { name: "Overview" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
    await expect(menu).toBeFocused();
    await menu.click();
    await drawer.getByRole("link", { name: "Coins" }).click();
    await expect(page).toHaveURL(/\/coins/);
    await expect(drawer).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath("phone-coins.png"), fullPage: false });
  });

  test("sign out ends the session", async ({ page }) => {
    await login(page, "viewer");
    await page.goto("/");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login/);
    const session = await (await page.request.get("/api/auth/session")).json();
    expect(session?.user).toBeUndefined();
  });
});
