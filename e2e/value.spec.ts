import { readFile } from "node:fs/promises";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectAccessible, login, settled } from "./helpers";

// What each invitee is worth (/value) and the referral check (/referrals), in the demo.

/** Compares two non-negative decimal strings exactly (no float): <0, 0, >0. */
function compareDecimals(a: string, b: string): number {
  const [ai, af = ""] = a.split(".");
  const [bi, bf = ""] = b.split(".");
  const width = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(width, "0"));
  const y = BigInt(bi + bf.padEnd(width, "0"));
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The exact values (data-exact) of one column of the table's rows, by its header's text. */
async function columnExact(table: Locator, header: string): Promise<string[]> {
  const headers = await table.locator("thead th").allTextContents();
  const i = headers.indexOf(header);
  expect(i, `column "${header}" in ${headers.join(" | ")}`).toBeGreaterThanOrEqual(0);
  return table.locator(`tbody tr td:nth-child(${i + 1}) [data-exact]`).evaluateAll((els) => els.map((e) => e.getAttribute("data-exact")!));
}

function expectDescending(values: string[]): void {
  for (let i = 1; i < values.length; i++) expect(compareDecimals(values[i - 1], values[i]), `${values[i - 1]} ≥ ${values[i]}`).toBeGreaterThanOrEqual(0);
}

async function rowUids(table: Locator): Promise<string[]> {
  return table.locator("tbody tr td:first-child code").allTextContents();
}

/**
 * Until the answer to the page's own request holds its whole period: a spec run alone meets the
 * first backfill of commission records and per-invitee totals (they start once the other
 * datasets have synced once), and the rows must hold still while the table and the export are
 * compared.
 */
async function untilWhole(page: Page, url: string): Promise<void> {
  const pending = async () => (((await (await page.request.get(url)).json()) as { freshness?: { pending?: unknown[] } }).freshness?.pending ?? []).length;
  await expect.poll(pending, { timeout: 1_000_000, intervals: [5_000] }).toBe(0);
}

async function settledTable(page: Page, table: Locator): Promise<void> {
  await expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 60_000 });
  await expect(table.locator("table")).not.toHaveAttribute("aria-busy", "true");
  await settled(page);
}

test.describe("invitee value", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, "viewer");
  });

  test("sort, filter, page, URL, export and an invitee's detail", async ({ page }) => {
    test.setTimeout(1_200_000);
    const asked = page.waitForResponse((r) => r.url().includes("/api/affiliate/invitees/value?"));
    // finished days only: today's figures still grow while the test compares table and export
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`/value?period=custom&from=${day(7)}&to=${day(1)}&pageSize=20`);
    await untilWhole(page, (await asked).url());
    await page.reload();
    const table = page.getByTestId("value-table");
    await settledTable(page, table);
    await expect(table.locator("caption")).toContainText("Invitees by Commission");
    await expect(page.getByTestId("value-totals")).toContainText("Commission (USDT)");
    // Largest commission first (USDT: the default coin), the header says so.
    await expect(table.getByRole("columnheader", { name: "Commission (USDT)" })).toHaveAttribute("aria-sort", "descending");
    expectDescending(await columnExact(table, "Commission (USDT)"));

    // By deposits instead: kept in the URL, the rows re-ordered. The header follows the URL at
    // once, the rows only when the new answer has rendered: wait for that answer, then for rows
    // in its order (the commission-sorted rows stay on screen meanwhile).
    const byDeposits = page.waitForResponse((r) => r.url().includes("/api/affiliate/invitees/value?") && r.url().includes("sort=deposits"));
    await page.getByText("Deposits", { exact: true }).click();
    await expect(page).toHaveURL(/sort=deposits/);
    await byDeposits;
    await settledTable(page, table);
    await expect(table.getByRole("columnheader", { name: "Deposits (USDT)" })).toHaveAttribute("aria-sort", "descending");
    await expect(async () => expectDescending(await columnExact(table, "Deposits (USDT)"))).toPass({ timeout: 15_000 });

    // Paging: the next page holds other invitees, the sort stays.
    const first = await rowUids(table);
    expect(first.length).toBe(20);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/sort=deposits/);
    await settledTable(page, table);
    // (page 1's rows stay on screen until page 2's have rendered)
    await expect.poll(async () => (await rowUids(table)).some((u) => first.includes(u)), { timeout: 15_000 }).toBe(false);
    expect(await rowUids(table)).toHaveLength(20);

    // Filter by an invite code of the rows: only its invitees, page 1, kept across a reload.
    const code = (await table.locator("tbody tr td:nth-child(3) code").first().textContent())!;
    expect(code).toBeTruthy();
    await page.getByRole("textbox", { name: "Invite code" }).fill(code);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`inviteCode=${code}`));
    await expect(page).not.toHaveURL(/page=2/);
    await settledTable(page, table);
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`inviteCode=${code}`));
    await expect(page).toHaveURL(/sort=deposits/);
    await expect(page.getByRole("textbox", { name: "Invite code" })).toHaveValue(code);
    await settledTable(page, table);
    const codes = await table.locator("tbody tr td:nth-child(3) code").allTextContents();
    expect(new Set(codes)).toEqual(new Set([code]));

    // 100 rows a page, then export: the file holds every row of the filter (as many as the pager
    // counts), the table's first, in its order, with the exact amounts the cells carry.
    const hundred = page.waitForResponse((r) => r.url().includes("/api/affiliate/invitees/value?") && r.url().includes("pageSize=100"));
    await page.getByLabel("Rows per page").selectOption("100");
    await hundred;
    await settledTable(page, table);
    const summary = await page.getByRole("navigation", { name: "Invitees by value pages" }).locator("p").textContent();
    const total = Number(/of ([\d,]+)/.exec(summary ?? "")?.[1]?.replace(/,/g, ""));
    // (the 20 rows before stay on screen until the 100 have rendered)
    await expect(table.locator("tbody tr")).toHaveCount(Math.min(100, total));
    const uids = await rowUids(table);
    const deposits = await columnExact(table, "Deposits (USDT)");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^invitee-value_code-.*_by-deposits_.*\.csv$/);
    const text = await readFile((await file.path())!, "utf8");
    const lines = text.replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
    const header = lines[0].split(",");
    expect(header.slice(0, 7)).toEqual(["uid", "inviteCode", "registerTime", "spotTradingAmount", "futuresTradingAmount", "depositAmount", "withdrawalAmount"]);
    const rows = lines.slice(1).map((l) => l.split(","));
    expect(rows.length).toBe(total);
    expect(rows.slice(0, uids.length).map((r) => r[0])).toEqual(uids);
    expect(rows.slice(0, uids.length).map((r) => r[header.indexOf("depositAmount")])).toEqual(deposits);
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set([code]));

    // An invitee's detail: opened by its link, kept in the URL with the filters.
    const uid = uids[0];
    await table.getByRole("link", { name: `Open the detail of invitee ${uid}` }).click();
    await expect(page).toHaveURL(new RegExp(`invitee=${uid}`));
    await expect(page).toHaveURL(new RegExp(`inviteCode=${code}`));
    const detail = page.getByTestId("invitee-detail");
    await expect(detail.getByRole("heading", { name: `Invitee ${uid}` })).toBeVisible({ timeout: 60_000 });
    await expect(detail.getByTestId("invitee-funnel")).toContainText("Registered");
    await expect(detail.getByTestId("invitee-series").or(detail.getByText("No commission from this invitee in the period")).first()).toBeVisible({ timeout: 60_000 });
    // Its commission records of the period, all of them, as a file: under WEEX's field names.
    const records = detail.getByTestId("invitee-records");
    // (rows, or the records' own empty state: the second "no commission", after the series')
    await expect(records.locator("tbody tr").first().or(detail.getByText("No commission from this invitee in the period").nth(1))).toBeVisible({ timeout: 60_000 });
    const shown = await records.locator("tbody tr").count();
    const recordsFile = page.waitForEvent("download");
    await detail.getByRole("button", { name: "Export these records (CSV)" }).click();
    const recordsText = await readFile((await (await recordsFile).path())!, "utf8");
    const recordLines = recordsText.replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
    const recordHeader = recordLines[0].split(",");
    expect(recordHeader).toEqual(expect.arrayContaining(["uid", "date", "coin", "productType", "symbol", "commission", "sourceType"]));
    const recordRows = recordLines.slice(1).map((l) => l.split(","));
    expect(recordRows.every((r) => r[recordHeader.indexOf("uid")] === uid)).toBe(true);
    if (shown < 50) expect(recordRows.length).toBe(shown);
    else expect(recordRows.length).toBeGreaterThanOrEqual(shown);
    await detail.getByTestId("invitee-assets-button").click();
    await expect(detail.getByTestId("invitee-assets")).toContainText("Available (USDT)", { timeout: 60_000 });
    await settled(page);
    await expectAccessible(page, "/value");
    await detail.getByRole("button", { name: "Close the detail" }).click();
    await expect(page).not.toHaveURL(/invitee=/);
  });
});

test.describe("referral check", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, "viewer");
  });

  test("a bad entry is named before sending; a good list gets its flags and exports", async ({ page }) => {
    const res = await page.request.get("/api/affiliate/invitees?pageSize=2");
    expect(res.ok()).toBe(true);
    const invitees = ((await res.json()) as { items: { uid: string }[] }).items.map((i) => i.uid);
    expect(invitees.length).toBe(2);
    // a uid nobody in the demo network has
    const stranger = "1";

    await page.goto("/referrals");
    const posted: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/affiliate/referrals/verify")) posted.push(r.postData() ?? "");
    });
    const field = page.getByLabel("UIDs", { exact: true });
    await field.fill(`${invitees[0]}\nabc\n${invitees[1]}`);
    await page.getByRole("button", { name: "Check", exact: true }).click();
    await expect(page.getByText('1 entry is not a UID: #2 "abc".')).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    expect(posted).toEqual([]);

    await field.fill(`uid\n${invitees[0]}, ${stranger}\n${invitees[1]}\n`);
    await expect(field).not.toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Check", exact: true }).click();
    await expect(page.getByText("3 UIDs checked: 2 are your invitees, 1 are not.").first()).toBeVisible({ timeout: 60_000 });
    expect(JSON.parse(posted[0])).toEqual({ uids: [invitees[0], stranger, invitees[1]] });
    const table = page.getByTestId("referrals-table");
    await expect(table.locator("tbody tr")).toHaveCount(3);
    await expect(table.locator("tbody tr").nth(0)).toContainText(`${invitees[0]}Yes`);
    await expect(table.locator("tbody tr").nth(1)).toContainText(`${stranger}No`);
    await page.getByText("Not invitees", { exact: true }).click();
    await expect(table.locator("tbody tr")).toHaveCount(1);

    const download = page.waitForEvent("download");
    await page.getByTestId("referrals-export").click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("referral-check.csv");
    const text = await readFile((await file.path())!, "utf8");
    expect(text).toBe(`\uFEFFuid,referral\r\n${invitees[0]},true\r\n${stranger},false\r\n${invitees[1]},true\r\n`);
    await expectAccessible(page, "/referrals");
  });
});

test.describe("value on the cohorts and the overview", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, "viewer");
  });

  test("commission per invitee by cohort age, the codes' value, the overview's commission by coin and source", async ({ page }) => {
    await page.goto("/cohorts?period=30d");
    await page.getByText("Commission per invitee", { exact: true }).click();
    await expect(page).toHaveURL(/show=value/);
    const heat = page.getByTestId("cohorts-value-table");
    for (const days of [7, 30, 90, 180]) await expect(heat.getByRole("columnheader", { name: `≤ ${days} d` })).toBeVisible({ timeout: 60_000 });
    // a cohort of the last 30 days is too young for 180 days
    await expect(heat.locator("tbody tr").first()).toContainText("too young");
    await expect(heat.locator("tbody tr td [data-exact]").first()).toBeVisible();
    const codes = page.getByTestId("codes-table");
    await expect(codes.getByRole("columnheader", { name: "Commission (USDT)" })).toBeVisible({ timeout: 60_000 });
    await expect(codes.getByRole("columnheader", { name: "Futures volume (USDT)" })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("cohorts-value-table")).toBeVisible({ timeout: 60_000 });
    await settled(page);
    await expectAccessible(page, "/cohorts?show=value");

    await page.goto("/?period=7d");
    const split = page.getByTestId("commission-split");
    await expect(split.getByRole("columnheader", { name: "Direct clients" })).toBeVisible({ timeout: 60_000 });
    await expect(split.getByRole("columnheader", { name: "Via sub-agents" })).toBeVisible();
    const usdt = split.locator('tr[data-coin="USDT"]');
    await expect(usdt.locator("[data-exact]")).toHaveCount(3);
  });
});
