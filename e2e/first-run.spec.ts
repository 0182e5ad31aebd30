/**
 * A new user's first run in the browser: custom ranges that are wrong or too long, links
 * with paging out of range, and the small lies (login 404, role wording, the sub-affiliates
 * granularity, the sync admin's words, a rejected contract symbol coming back).
 */
import { statSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ROLE_SUMMARIES, ROLES } from "../lib/contract/roles";
import { historyBuilt, login, settled, symbols } from "./helpers";
import { simUrlFile } from "./sim-url";
import { DAY_MS } from "../lib/time/calendar";

const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);

test.describe("ranges (point 3)", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, "viewer");
  });

  test("an end before the start is said next to the dates, the input stays, the page says what it shows", async ({ page }) => {
    await page.goto("/?period=custom&from=2026-11-10&to=2026-11-01");
    await expect(page.getByLabel("Period", { exact: true })).toHaveValue("custom");
    await expect(page.getByLabel("From", { exact: true })).toHaveValue("2026-11-10");
    await expect(page.getByLabel("To", { exact: true })).toHaveValue("2026-11-01");
    await expect(page.getByText("The end date is before the start date.")).toBeVisible();
    await expect(page.getByTestId("period-summary")).toContainText("showing the last 30 days until the custom range is fixed");
    await expect(page.getByTestId("period-summary")).toContainText("30 days");
  });

  test("a 10-year range is refused with the bound, and the page says what the data covers", async ({ page }) => {
    await page.goto("/sub-affiliates?period=custom&from=2016-01-01&to=2026-01-01");
    await expect(page.getByText(/A custom range spans at most 366 days \(this one: 3,654\)/)).toBeVisible();
    await expect(page.getByLabel("From", { exact: true })).toHaveValue("2016-01-01");
    await expect(page.getByTestId("period-coverage")).toContainText(/holds sub-affiliate records from \d{4}-\d\d-\d\d|Building your history/);
  });

  test("a previous period without data is compared as no data, not as a number", async ({ page, baseURL }) => {
    test.setTimeout(1_200_000);
    // The simulator holds the year up to the UTC day it started on (its URL file was written
    // then): the 20 days before this range have no records at all. (Counted from the
    // simulator's day, not today's: a suite that runs past midnight would otherwise compare
    // with the simulator's first day.)
    const simDay = Math.floor(statSync(simUrlFile(new URL(baseURL!).port)).mtimeMs / DAY_MS) * DAY_MS;
    const from = ymd(simDay - 364 * DAY_MS);
    const to = ymd(simDay - 345 * DAY_MS);
    await page.goto(`/?period=custom&from=${from}&to=${to}`);
    const volume = page.getByTestId("kpi-tradingVolume");
    // While the suite's server still builds its history these are its oldest days, the last to
    // arrive: the page shows them once they are in (it asks again by itself), never a partial sum.
    await historyBuilt(page);
    await expect(volume.getByTestId("kpi-tradingVolume-value")).toBeVisible({ timeout: 240_000 });
    await expect(volume).toContainText("No data for the previous 20 days.", { timeout: 240_000 });
    await expect(volume).not.toContainText("%");
    await expect(volume).not.toContainText("no base to compare");
  });
});

test.describe("out-of-range links (point 4)", () => {
  test("page=-1 and pageSize=100000 are corrected in the URL and said once", async ({ page }) => {
    await login(page, "viewer");
    const apiCalls: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/affiliate/withdrawals")) apiCalls.push(r.url());
    });
    await page.goto("/transfers?page=-1&pageSize=100000");
    await expect(page).toHaveURL(/pageSize=200/);
    await expect(page).not.toHaveURL(/page=-1/);
    await expect(page.getByTestId("paging-notice")).toHaveCount(1);
    await expect(page.getByTestId("paging-notice")).toContainText("page -1 → 1");
    await expect(page.getByTestId("paging-notice")).toContainText("100,000 rows a page → 200");
    await settled(page);
    await expect(page.getByText(/validation|invalid/i)).toHaveCount(0);
    await expect(page.getByTestId("transfers-table").or(page.getByText("No internal transfers"))).toBeVisible();
    // No request carried the broken values to the server.
    expect(apiCalls.filter((u) => /page=-1|pageSize=100000/.test(u))).toEqual([]);
  });

  test("a page beyond the last (page=999) is corrected to the last page in the URL and said once", async ({ page }) => {
    await login(page, "viewer");
    const answers: Array<{ url: string; pages: number | null }> = [];
    page.on("response", async (r) => {
      if (r.url().includes("/api/affiliate/withdrawals?") && r.ok()) answers.push({ url: r.url(), pages: ((await r.json()) as { pages: number | null }).pages });
    });
    await page.goto("/transfers?page=999&pageSize=50");
    await expect.poll(() => answers.find((a) => a.url.includes("page=999"))?.pages ?? null).not.toBeNull();
    const last = answers.find((a) => a.url.includes("page=999"))!.pages!;
    await expect(page).not.toHaveURL(/page=999/);
    if (last > 1) await expect(page).toHaveURL(new RegExp(`[?&]page=${last}(&|$)`));
    await expect(page.getByTestId("paging-notice")).toHaveCount(1);
    await expect(page.getByTestId("paging-notice")).toContainText("page 999");
    await expect(page.getByTestId("paging-notice")).toContainText("showing the last");
    await expect(page.getByTestId("transfers-table")).toBeVisible();
    await expect(page.getByTestId("transfers-table").locator("tbody tr").first()).toBeVisible();
  });

  test("links with the old URL keys (size=, product=) still work: redirected to pageSize= and productType=", async ({ page }) => {
    await login(page, "viewer");
    await page.goto("/sub-affiliates?product=SPOT&size=20");
    await expect(page).toHaveURL(/productType=SPOT/);
    await expect(page).toHaveURL(/pageSize=20/);
    await expect(page).not.toHaveURL(/[?&](size|product)=/);
    await expect(page.getByLabel("Product type")).toHaveValue("SPOT");
    const table = page.getByTestId("sub-affiliates-table");
    await expect(table.locator("tbody tr")).toHaveCount(20);
    await expect(table.locator("tbody tr").first()).toContainText("SPOT");
  });
});

test.describe("small lies (point 6)", () => {
  test("the login page has its icon (no 404) and describes the roles in the demo's words", async ({ page }) => {
    const failed: string[] = [];
    page.on("response", (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.goto("/login");
    await expect(page.locator('link[rel="icon"]')).not.toHaveCount(0);
    const href = await page.locator('link[rel="icon"]').first().getAttribute("href");
    expect((await page.request.get(href!)).status()).toBe(200);
    for (const role of ROLES) await expect(page.getByTestId("demo-accounts")).toContainText(ROLE_SUMMARIES[role]);
    expect(failed).toEqual([]);
  });

  test("sub-affiliates shows the granularity only with the trend chart it changes", async ({ page }) => {
    test.setTimeout(300_000);
    await login(page, "viewer");
    await page.goto("/sub-affiliates?period=7d");
    await settled(page, 240_000);
    await expect(page.getByLabel("Granularity")).toHaveCount(0);
    await page.getByRole("button", { name: /Show trend/ }).first().click();
    await expect(page.getByLabel("Granularity")).toBeVisible();
    await expect(page.getByText("Buckets of the trend chart.")).toBeVisible();
  });

  test("the sync admin names its two times for what they are", async ({ page }) => {
    await login(page, "admin");
    await page.goto("/admin/sync");
    await expect(page.getByText("Last run finished").first()).toBeVisible();
    await expect(page.getByText("Last success")).toHaveCount(0);
    await expect(page.getByText(/Synced \d+ min ago/)).toHaveCount(0);
  });

  test("a contract symbol WEEX rejected is not filled in again on the next visit", async ({ page }) => {
    await login(page, "trader");
    const btc = (await symbols(page)).find((s) => s.symbol === "BTCUSDT")!;
    await page.goto("/trading");
    const form = page.getByRole("form", { name: "Contract order" });
    await form.getByLabel("Symbol", { exact: true }).fill("cmt_nopeusdt");
    await form.getByLabel("Quantity", { exact: true }).fill(btc.minTradeAmount!);
    await form.getByLabel("Price", { exact: true }).fill("68900");
    await form.getByRole("button", { name: "Review order" }).click();
    await page.locator("dialog[open]").getByRole("button", { name: "Send order" }).click();
    await expect(page.getByText(/-1121/).first()).toBeVisible();

    await page.goto("/markets");
    await page.goto("/trading");
    await expect(form.getByLabel("Symbol", { exact: true })).toHaveValue("");
    await expect(form.getByText("WEEX rejected “cmt_nopeusdt” last time")).toBeVisible();
    // The rest of the draft is kept.
    await expect(form.getByLabel("Price", { exact: true })).toHaveValue("68900");
  });
});
