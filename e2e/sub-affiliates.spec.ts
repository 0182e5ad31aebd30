import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { expectAccessible, openTable, settled } from "./helpers";

test.describe("sub-affiliates", () => {
  test.use({ signedInAs: "viewer" });

  test("filters, paging and the per-sub-affiliate trend", async ({ page }) => {
    const table = await openTable(page, "/sub-affiliates?pageSize=20", "sub-affiliates-table");
    await expect(table.locator("tbody tr")).toHaveCount(20);
    await expect(table.locator("tbody tr").first()).toContainText("FUTURES");

    await page.getByLabel("Product type").selectOption("SPOT");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/productType=SPOT/);
    await expect(table.locator("tbody tr").first()).toContainText("SPOT");

    const pageOne = await table.locator("tbody tr").first().textContent();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await settled(page);
    // Page 1's rows stay on screen until page 2's have rendered.
    await expect(table.locator("tbody tr").first()).not.toHaveText(pageOne!);

    // Open the trend of the first sub-affiliate on this page.
    const uid = (await table.locator("tbody tr").first().locator("code").first().textContent())!;
    await table.locator("tbody tr").first().getByRole("button", { name: /Show trend/ }).click();
    await expect(page).toHaveURL(new RegExp(`trend=${uid}`));
    await expect(page.getByRole("heading", { name: `Trend of sub-affiliate ${uid}` })).toBeVisible();
    const trend = page.locator("#trend-heading").locator("xpath=ancestor::section");
    await expect(trend.locator(".recharts-bar-rectangle").first()).toBeVisible();
    await trend.getByText("Paid commission", { exact: true }).click();
    await expect(page).toHaveURL(/metric=paidCommission/);

    await page.reload();
    await expect(page.getByRole("heading", { name: `Trend of sub-affiliate ${uid}` })).toBeVisible();
    await expect(page.getByLabel("Product type")).toHaveValue("SPOT");
    await expect(page).toHaveURL(/page=2/);
    await settled(page);
    await page.screenshot({ path: test.info().outputPath("sub-affiliates.png"), fullPage: true });
    await expectAccessible(page, "/sub-affiliates");

    // Filtering by that sub-affiliate shows only its rows.
    await page.getByLabel("Sub-affiliate UID", { exact: true }).fill(uid);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`subUid=${uid}`));
    // The previous rows stay on screen, dimmed and aria-busy, until the filtered page has rendered.
    await expect(async () => {
      await expect(table.locator("table")).not.toHaveAttribute("aria-busy", "true", { timeout: 1_000 });
      const uids = await table.locator("tbody tr td:nth-child(2) code").allTextContents();
      expect(uids.length).toBeGreaterThan(0);
      expect(new Set(uids)).toEqual(new Set([uid]));
    }).toPass({ timeout: 30_000 });
  });

  test("export downloads exactly the rows the filter shows", async ({ page }) => {
    // Finished days only: today's figures still grow while the test runs.
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const table = await openTable(page, `/sub-affiliates?period=custom&from=${day(3)}&to=${day(1)}&productType=FUTURES&pageSize=100`, "sub-affiliates-table");
    await expect(table.locator("tbody tr").first()).toBeVisible();
    const summary = await page.getByRole("navigation", { name: "Sub-affiliate records pages" }).locator("p").textContent();
    const total = Number(/of ([\d,]+)/.exec(summary ?? "")?.[1]?.replace(/,/g, ""));
    expect(total).toBeGreaterThan(0);

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^sub-affiliates_FUTURES_.*\.csv$/);
    const text = await readFile((await file.path())!, "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split(/\r\n/).filter(Boolean);
    expect(lines[0]).toBe("subAffiliateUid,productType,date,tradingVolume,netTradingFee,paidCommission");
    expect(lines.length - 1).toBe(total);
    expect(lines.slice(1).every((l) => l.split(",")[1] === "FUTURES")).toBe(true);
    // A row of the table is in the file with its exact values.
    const row = table.locator("tbody tr").nth(7);
    const uid = (await row.locator("code").first().textContent())!;
    const date = (await row.locator("td").first().textContent())!.trim();
    const volume = (await row.locator("td").nth(3).locator("span").getAttribute("title"))!;
    expect(date).toBe(day(1));
    expect(lines).toContainEqual(expect.stringContaining(`${uid},FUTURES,${date},${volume},`));
  });
});
