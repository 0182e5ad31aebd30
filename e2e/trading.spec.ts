import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, login, symbols } from "./helpers";

async function btcLimits(page: Page) {
  const btc = (await symbols(page)).find((s) => s.symbol === "BTCUSDT");
  expect(btc, "BTCUSDT in the simulator").toBeTruthy();
  return { min: btc!.minTradeAmount!, max: btc!.maxTradeAmount! };
}

test.describe("trading (trader)", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, "trader");
  });

  test("contract order: checks, confirms the exact JSON, keeps the client id across a rejection, shows the order id", async ({ page }) => {
    const { min, max } = await btcLimits(page);
    await page.goto("/trading");
    const form = page.getByRole("form", { name: "Contract order" });
    const idField = form.getByLabel("Client order ID (newClientOrderId)", { exact: true });
    const clientId = await idField.inputValue();
    expect(clientId).toMatch(/^[.A-Za-z0-9:/_-]{1,36}$/);

    // The form refuses what the server refuses, before anything is sent.
    await form.getByLabel("Quantity", { exact: true }).fill("0");
    await form.getByRole("button", { name: "Review order" }).click();
    await expect(form.getByText("must be greater than 0")).toBeVisible();
    await expect(form.getByText("is required for a LIMIT order")).toBeVisible();
    await expect(page.locator("dialog[open]")).toHaveCount(0);
    await expect(form.getByLabel("Quantity", { exact: true })).toBeFocused();

    // The id survives a reload of the unsent draft.
    await page.reload();
    await expect(form.getByLabel("Client order ID (newClientOrderId)", { exact: true })).toHaveValue(clientId);

    // A quantity above the symbol's maximum: WEEX answers success:false, shown as it is.
    const tooMuch = String(Number(max) * 10);
    await form.getByLabel("Quantity", { exact: true }).fill(tooMuch);
    await form.getByLabel("Price", { exact: true }).fill("68900");
    await form.getByText("Add take-profit / stop-loss").click();
    await form.getByLabel("Take-profit trigger price (tpTriggerPrice)", { exact: true }).fill("70000");
    await form.getByLabel("Take-profit working type (TpWorkingType)", { exact: true }).selectOption("MARK_PRICE");
    await form.getByRole("button", { name: "Review order" }).click();
    const dialog = page.locator("dialog[open]");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Back to edit" })).toBeFocused();
    const json = JSON.parse((await page.locator("dialog[open]").getByTestId("confirm-json").textContent())!);
    expect(json).toEqual({
      symbol: "cmt_btcusdt",
      side: "BUY",
      positionSide: "LONG",
      type: "LIMIT",
      timeInForce: "GTC",
      quantity: tooMuch,
      price: "68900",
      newClientOrderId: clientId,
      tpTriggerPrice: "70000",
      TpWorkingType: "MARK_PRICE",
    });
    await expectAccessible(page, "/trading confirmation dialog");
    const shown = await dialog.getByTestId("confirm-json").textContent();
    const sent = page.waitForRequest((r) => r.url().endsWith("/api/contract/orders") && r.method() === "POST");
    await dialog.getByRole("button", { name: "Send order" }).click();
    // What was shown is, byte for byte, what was sent.
    expect((await sent).postData()).toBe(shown);
    const result = page.getByTestId("order-result");
    await expect(result).toHaveAttribute("data-outcome", "rejected");
    await expect(page.getByTestId("result-error-code")).toHaveText("-2010");
    await expect(page.getByTestId("result-error-message")).toContainText("above the maximum");
    await expect(form.getByLabel("Client order ID (newClientOrderId)", { exact: true })).toHaveValue(clientId);

    // Fixed and sent again: same client id, accepted, the order id in full and copyable.
    await form.getByLabel("Quantity", { exact: true }).fill(min);
    await form.getByRole("button", { name: "Review order" }).click();
    expect(JSON.parse((await page.locator("dialog[open]").getByTestId("confirm-json").textContent())!).newClientOrderId).toBe(clientId);
    let posts = 0;
    page.on("request", (r) => r.url().endsWith("/api/contract/orders") && r.method() === "POST" && posts++);
    await dialog.getByRole("button", { name: "Send order" }).click();
    await expect(result).toHaveAttribute("data-outcome", "accepted");
    const orderId = (await page.getByTestId("result-order-id").locator("code").textContent())!;
    expect(orderId).toMatch(/^\d+$/);
    await expect(page.getByTestId("result-order-id").getByRole("button", { name: `Copy order ID ${orderId}` })).toBeVisible();
    expect(posts).toBe(1);
    // The next order gets a new id.
    await expect(form.getByLabel("Client order ID (newClientOrderId)", { exact: true })).not.toHaveValue(clientId);
    await expectAccessible(page, "/trading after an order");
  });

  test("plan order placement and modification", async ({ page }) => {
    const { min } = await btcLimits(page);
    await page.goto("/trading");
    const plan = page.getByRole("form", { name: "Plan order" });
    await plan.getByText("Stop loss (loss_plan)").click();
    await plan.getByLabel("Trigger price", { exact: true }).fill("60000");
    await plan.getByLabel("Size", { exact: true }).fill(min);
    await plan.getByLabel("Margin mode", { exact: true }).selectOption("3");
    await plan.getByRole("button", { name: "Review plan order" }).click();
    const json = JSON.parse((await page.locator("dialog[open]").getByTestId("confirm-json").textContent())!);
    expect(json).toMatchObject({ symbol: "cmt_btcusdt", planType: "loss_plan", triggerPrice: "60000", size: min, positionSide: "long", marginMode: 3 });
    expect(typeof json.clientOrderId).toBe("string");
    await page.locator("dialog[open]").getByRole("button", { name: "Send plan order" }).click();
    const placed = page.locator("#plan-order-heading").locator("xpath=ancestor::section").getByTestId("order-result");
    await expect(placed).toHaveAttribute("data-outcome", "accepted");
    const planId = (await placed.getByTestId("result-order-id").locator("code").textContent())!;
    expect(planId).toMatch(/^\d+$/);

    // Modify it: the new plan order is offered in the modification form.
    const modify = page.getByRole("form", { name: "Modify plan order" });
    await expect(modify.getByLabel("Plan order ID", { exact: true })).toHaveValue(planId);
    await modify.getByLabel("New trigger price", { exact: true }).fill("59000");
    await modify.getByLabel("Trigger price type", { exact: true }).selectOption("3");
    await modify.getByRole("button", { name: "Review modification" }).click();
    await expect(page.locator("dialog[open]")).toContainText(`PATCH /api/contract/plan-orders/${planId}`);
    expect(JSON.parse((await page.locator("dialog[open]").getByTestId("confirm-json").textContent())!)).toEqual({ triggerPrice: "59000", triggerPriceType: 3 });
    await page.locator("dialog[open]").getByRole("button", { name: "Send modification" }).click();
    const modified = page.locator("#modify-plan-heading").locator("xpath=ancestor::section").getByTestId("order-result");
    await expect(modified).toHaveAttribute("data-outcome", "accepted");
    await expect(modified).toContainText(planId);

    // Modifying an order that does not exist: WEEX's code and message as they are.
    await modify.getByLabel("Plan order ID", { exact: true }).fill("1");
    await modify.getByRole("button", { name: "Review modification" }).click();
    await page.locator("dialog[open]").getByRole("button", { name: "Send modification" }).click();
    // The contract maps WEEX's "-3200 does not exist" to a 404 not_found; the page shows both.
    await expect(modified).toHaveAttribute("data-outcome", "failed");
    await expect(modified.getByTestId("error-banner")).toContainText("-3200");
    await expect(modified.getByTestId("error-banner")).toContainText("not_found");
  });
});

test.describe("trading in Simplified Chinese", () => {
  test.use({ locale: "zh-CN" });

  test("the form's own checks speak the page's language", async ({ page }) => {
    await login(page, "trader");
    await page.goto("/trading");
    const form = page.getByRole("form", { name: "合约订单" });
    await form.getByLabel("数量", { exact: true }).fill("0");
    await form.getByRole("button", { name: "检查订单" }).click();
    await expect(form.getByText("必须大于 0")).toBeVisible();
    await expect(form.getByText("LIMIT 订单必填")).toBeVisible();
    await expect(form.getByText("must be greater than 0")).toHaveCount(0);
    await expect(page.locator("dialog[open]")).toHaveCount(0);
  });
});
