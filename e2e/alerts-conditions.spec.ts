/**
 * /alerts in Chromium: an admin adds a rule through its kind's fields (no JSON), a bad value is
 * named at its field before anything is sent, and the rule's condition is read in words, in
 * English and in Chinese; no JSON appears on the page.
 */
import { expect, test } from "@playwright/test";
import { expectAccessible, login } from "./helpers";

test("admin: a rule made through its fields reads as a sentence in English and Chinese, never as JSON", async ({ page, browser }) => {
  await login(page, "admin");
  await page.goto("/alerts");
  const name = `Drop e2e ${Date.now().toString(36)}`;
  const form = page.getByRole("form", { name: "Add a rule" });
  await form.getByLabel("Rule name").fill(name);
  await form.getByLabel("Kind").selectOption("drop");
  await expect(form.locator("textarea")).toHaveCount(0);

  // A bad value is named at its field, and nothing is sent.
  const days = form.getByLabel("Recent days", { exact: true });
  await days.fill("0");
  await form.getByRole("button", { name: "Add rule" }).click();
  await expect(form.getByText("Recent days: must be a whole number from 1 to 90")).toBeVisible();
  await expect(days).toHaveAttribute("aria-invalid", "true");

  await days.fill("14");
  await form.getByLabel("Metric", { exact: true }).selectOption("commission");
  await form.getByLabel("Products", { exact: true }).selectOption("FUTURES");
  await form.getByLabel("Drop of at least (%)", { exact: true }).fill("25");
  const sentence = "paid commission fell by 25 % or more over 14 days against the 28 days before, FUTURES";
  await expect(page.getByTestId("rule-condition-preview")).toContainText(sentence);
  await form.getByRole("button", { name: "Add rule" }).click();
  const row = page.getByTestId("alert-rules").getByRole("listitem").filter({ hasText: name });
  await expect(row.getByTestId("rule-condition")).toHaveText(sentence);
  await expect(page.locator("body")).not.toContainText('{"');
  await expectAccessible(page, "/alerts with a rule said in words");

  // The same rule in Chinese.
  const zh = await browser.newContext({ locale: "zh-CN", timezoneId: "UTC" });
  try {
    const zhPage = await zh.newPage();
    await login(zhPage, "admin");
    await zhPage.goto("/alerts");
    await expect(zhPage.locator("html")).toHaveAttribute("lang", "zh-CN");
    const zhRow = zhPage.getByTestId("alert-rules").getByRole("listitem").filter({ hasText: name });
    await expect(zhRow.getByTestId("rule-condition")).toHaveText("已付佣金在 14 天内较之前 28 天下降 25% 或以上，合约");
    await expect(zhPage.locator("body")).not.toContainText('{"');
  } finally {
    await zh.close();
  }

  await row.getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0);
});
