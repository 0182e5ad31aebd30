import { expect, test } from "./fixtures";
import { expectAccessible, openTable } from "./helpers";

test.describe("internal transfers", () => {
  test.use({ signedInAs: "viewer" });

  test("status badges, page size up to 200, the one-month window explained", async ({ page }) => {
    const table = await openTable(page, "/transfers", "transfers-table");
    await expect(table.locator("tbody tr").first()).toBeVisible();
    await expect(table.locator("tbody tr").first()).toContainText(/SUCCESS|FAILED|PROGRESSING/);
    await expect(page.getByText(/WEEX keeps internal transfers for one month only/)).toBeVisible();

    await page.getByLabel("Rows per page").selectOption("200");
    await expect(page).toHaveURL(/pageSize=200/);
    // The previous page stays on screen (dimmed, aria-busy) until the larger one arrives.
    await expect(table.locator("table")).not.toHaveAttribute("aria-busy", "true");
    await expect(page.getByText(/^Rows 1–\d+/)).not.toHaveText(/^Rows 1–100 /);
    // The new page shows its first rows at once and the rest right after (aria-busy until then):
    // counted once every row is there (the busy check above may have run before the page came).
    await expect(table.locator("table")).not.toHaveAttribute("aria-busy", "true");
    const rows = await table.locator("tbody tr").count();
    expect(rows).toBeGreaterThan(100);
    expect(rows).toBeLessThanOrEqual(200);

    // The date picker refuses a start older than a month.
    const from = page.getByLabel("From (UTC)");
    const min = (await from.getAttribute("min"))!;
    const older = new Date(Date.parse(min) - 86_400_000).toISOString().slice(0, 10);
    await from.fill(older);
    await expect(page.getByText(/only answers for the past 30 days/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Apply filters" })).toBeDisabled();
    await from.fill(min);
    await page.getByLabel("Coin").fill("usdt");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/coin=USDT/);
    await expect(page).toHaveURL(new RegExp(`start=${min}`));
    await expect(table.locator("table")).not.toHaveAttribute("aria-busy", "true");
    await expect(table.locator("tbody tr").first()).toContainText("USDT");
    const coins = await table.locator("tbody tr td:nth-child(3)").allTextContents();
    expect(coins.length).toBeGreaterThan(0);
    expect(coins.every((c) => c === "USDT")).toBe(true);
    await page.reload();
    await expect(page.getByLabel("Coin")).toHaveValue("USDT");
    await expectAccessible(page, "/transfers");
  });
});
