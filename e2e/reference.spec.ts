import { expect, test } from "@playwright/test";
import { expectAccessible, fillUntil, login, symbols } from "./helpers";

test.describe("markets and coins", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, "viewer");
  });

  test("markets: search and status filter over the cached list, virtualised", async ({ page }) => {
    const all = await symbols(page);
    await page.goto("/markets");
    await expect(page.getByTestId("markets-count")).toHaveText(`${all.length.toLocaleString("en-US")} of ${all.length.toLocaleString("en-US")} trading pairs`);
    const table = page.getByTestId("markets-table");
    // Only the rows in view are in the DOM.
    const rendered = await table.locator("tbody tr[data-index]").count();
    expect(rendered).toBeGreaterThan(5);
    if (all.length > 100) expect(rendered).toBeLessThan(all.length);

    await fillUntil(page.getByLabel("Search pair or asset"), "btc", () => expect(page).toHaveURL(/q=btc/, { timeout: 2_000 }));
    const expected = all.filter((s) => /BTC/.test(s.symbol) || s.baseAsset.includes("BTC"));
    await expect(page.getByTestId("markets-count")).toContainText(`${expected.length} of`);
    await expect(table.locator("tbody tr[data-index]").first()).toContainText("BTC");

    await page.getByLabel("Search pair or asset").fill("");
    const statuses = [...new Set(all.map((s) => s.status))];
    const other = statuses.find((s) => s !== "TRADING") ?? "TRADING";
    await page.getByLabel("Status").selectOption(other);
    await expect(page.getByTestId("markets-count")).toContainText(`${all.filter((s) => s.status === other).length} of`);
    await page.reload();
    await expect(page.getByLabel("Status")).toHaveValue(other);
    await expectAccessible(page, "/markets");
  });

  test("coins: networks with fees, minimums, confirmations and flags", async ({ page }) => {
    await page.goto("/coins");
    const table = page.getByTestId("coins-table");
    await expect(table.locator("tbody").first()).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Withdraw fee" })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Min confirmations" })).toBeVisible();
    await fillUntil(page.getByLabel("Search coin, name or network"), "USDT", () => expect(page).toHaveURL(/q=USDT/, { timeout: 2_000 }));
    await expect(table.locator("tbody").first()).toContainText("USDT");
    await expect(table.locator("tbody").first()).toContainText(/Enabled|Disabled/);
    await page.reload();
    await expect(page.getByLabel("Search coin, name or network")).toHaveValue("USDT");
    await expectAccessible(page, "/coins");
  });
});
