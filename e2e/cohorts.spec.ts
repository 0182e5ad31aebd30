import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { expectAccessible, openTable, settled } from "./helpers";

// Cohorts and invite codes in the browser: the /cohorts page (heat map, distribution, CSV, invite codes), the
// invitee list's new filters and the comparison periods, each kept in the URL.

// every test here as the demo viewer
test.use({ signedInAs: "viewer" });

test.describe("cohorts and invite codes", () => {
  test("the heat map, the distribution and the CSV of the table", async ({ page }) => {
    test.setTimeout(300_000);
    const table = await openTable(page, "/cohorts?period=30d&by=week", "cohorts-table");
    await expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 60_000 });
    const rows = await table.locator("tbody tr").count();
    expect(rows).toBeGreaterThanOrEqual(5); // 30 days touch five ISO weeks or more
    await expect(table.getByRole("columnheader", { name: "Traded ≤ 7 d" })).toBeVisible();
    // each cell: the share and the count, the count again on hover
    const cell = table.locator("tbody tr").first().locator("[title^='Deposited ≤ 1 d']");
    await expect(cell).toContainText(/(%|—)/);
    await expect(cell).toHaveAttribute("title", /Deposited ≤ 1 d: [\d,]+ of [\d,]+/);
    await expect(page.getByTestId("delay-chart")).toContainText("≤ 1 h");

    // Month cohorts, kept in the URL across a reload
    await page.getByText("Month", { exact: true }).click();
    await expect(page).toHaveURL(/by=month/);
    await page.reload();
    await expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 60_000 });
    await settled(page);
    await expect(table.getByRole("columnheader", { name: "Month" })).toBeVisible();
    const monthRows = await table.locator("tbody tr").count();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^cohorts_month_UTC_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await file.path())!, "utf8");
    const lines = text.replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
    expect(lines[0]).toMatch(/^cohort,registered,kycPassed,deposited,traded,depositedWithin1d/);
    expect(lines.length - 1).toBe(monthRows);
    const firstCohort = (await table.locator("tbody tr").first().locator("td").first().textContent())!;
    expect(lines[1].startsWith(`${firstCohort},`)).toBe(true);
    await expectAccessible(page, "/cohorts");
  });

  test("an invite code links to the invitee list filtered by it", async ({ page }) => {
    await page.goto("/cohorts?period=30d");
    const codes = page.getByTestId("codes-table");
    const link = codes.locator("tbody a").first();
    await expect(link).toBeVisible({ timeout: 60_000 });
    const code = (await link.textContent())!.trim();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/invitees\\?inviteCode=${encodeURIComponent(code)}`));
    const table = page.getByTestId("invitees-table");
    await expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 60_000 });
    await expect(table.locator("caption")).toContainText(`invite code ${code}`);
    for (const text of await table.locator("tbody tr td:nth-child(5)").allTextContents()) expect(text).toBe(code);
  });
});

test.describe("invitee filters", () => {
  test("dormant traders quick view and a stage filter, in the URL and in the export", async ({ page }) => {
    // a filtered list reads every page of the live stretch until the archive holds it
    test.setTimeout(300_000);
    const table = await openTable(page, "/invitees?pageSize=20", "invitees-table");
    await expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 60_000 });
    await page.getByRole("button", { name: "Dormant traders" }).click();
    await expect(page).toHaveURL(/activity=dormant/);
    await expect(table.locator("caption")).toContainText("Dormant traders (30 days)");
    await settled(page);
    await expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 60_000 });
    // dormant traders have traded: every row's stage badge says so
    for (const text of await table.locator("tbody tr td:nth-child(2)").allTextContents()) expect(text).toBe("Traded");

    await page.getByLabel("Furthest stage").selectOption("deposited");
    await page.getByLabel("Trading activity").selectOption("");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/stage=deposited/);
    await expect(page).not.toHaveURL(/activity=/);
    await page.reload();
    await expect(page.getByLabel("Furthest stage")).toHaveValue("deposited");
    await settled(page);
    await expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 60_000 });
    for (const text of await table.locator("tbody tr td:nth-child(2)").allTextContents()) expect(text).toBe("Deposited");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^invitees_stage-deposited_/);
    const lines = (await readFile((await file.path())!, "utf8")).replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
    // header uid,registerTime,kycResult,inviteCode,firstDeposit,firstTrade,…: deposited, never traded
    for (const line of lines.slice(1)) {
      const f = line.split(",");
      expect(f[4]).not.toBe("");
      expect(f[5]).toBe("");
    }
    await expectAccessible(page, "/invitees (filtered)");
  });
});

test.describe("comparison periods", () => {
  test("the overview compares with the same dates a year earlier, kept in the URL", async ({ page }) => {
    await page.goto("/?period=7d");
    await page.getByLabel("Compare with").selectOption("year");
    await expect(page).toHaveURL(/compare=year/);
    await expect(page.getByTestId("period-summary")).toContainText("compared with the same dates a year earlier");
    await page.getByLabel("Compare with").selectOption("custom");
    await expect(page).toHaveURL(/compare=custom&compareStart=\d{4}-\d{2}-\d{2}&compareEnd=/);
    await page.getByLabel("Compare from").fill("2026-01-10");
    await page.getByLabel("Compare to").fill("2026-01-01");
    await expect(page.getByText("The end date is before the start date.")).toBeVisible();
    await expect(page.getByTestId("period-summary")).toContainText("comparing with the previous period until the comparison range is fixed");
  });
});
