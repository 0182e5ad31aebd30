import { expect, test } from "@playwright/test";
import { expectAccessible, login, symbols } from "./helpers";

test.describe("spot orders (trader)", () => {
  test("list a pair's orders, page, then look one up by id and by client id", async ({ page }) => {
    await login(page, "trader");
    const pairs = await symbols(page);
    // A pair that has orders: try the first few trading pairs through the API the page uses.
    let symbol = "";
    for (const s of pairs.filter((p) => p.status === "TRADING").slice(0, 20)) {
      const r = await (await page.request.get(`/api/spot/orders?symbol=${s.symbol}&pageSize=50`)).json();
      if (r.items?.length >= 50) {
        symbol = s.symbol;
        break;
      }
    }
    expect(symbol, "a pair with at least 50 orders").not.toBe("");

    await page.goto("/orders");
    await expect(page.getByText("Choose a trading pair")).toBeVisible();
    await page.getByLabel("Trading pair", { exact: true }).fill(symbol);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`symbol=${symbol}`));
    const table = page.getByTestId("orders-table");
    await expect(table.locator("tbody tr").first()).toBeVisible();
    await page.getByLabel("Rows per page").selectOption("50");
    await expect(table.locator("tbody tr")).toHaveCount(50);
    const firstId = (await table.locator("tbody tr").first().locator("code").first().textContent())!;
    const clientId = (await table.locator("tbody tr").first().locator("code").nth(1).textContent())!;
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(table.locator("tbody tr").first().locator("code").first()).not.toHaveText(firstId);
    await page.reload();
    await expect(page).toHaveURL(/page=2/);
    await expect(table.locator("tbody tr").first()).toBeVisible();
    await expectAccessible(page, "/orders");

    // Look-up by order id: the id shown in full.
    await page.getByLabel("Order ID", { exact: true }).fill(firstId);
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page).toHaveURL(new RegExp(`orderId=${firstId}`));
    await expect(page.getByTestId("order-details")).toContainText(firstId);
    await expect(page.getByTestId("order-details")).toContainText(symbol);

    // By client order id.
    await page.goto(`/orders?clientOrderId=${encodeURIComponent(clientId)}`);
    await expect(page.getByTestId("order-details")).toContainText(firstId);

    // An unknown id is explained, not an error.
    await page.goto("/orders?orderId=1");
    await expect(page.getByText("No such order")).toBeVisible();
  });
});
