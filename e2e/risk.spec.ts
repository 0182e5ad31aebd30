import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { expectAccessible, login, settled } from "./helpers";

// /risk on the demo: the simulator plants each pattern among its ordinary population, and the
// server evaluates the rules on the archive after each sync. A spec run alone meets the first
// backfill, so each test first waits (polling the list the page reads) until the flags it needs
// exist: an invitee's (they need the per-invitee totals and the commission records) and one
// of an invite code or a sub-affiliate.

type Flag = { id: string; rule: string; summary: string; subject: { type: string; id: string } };
type FlagsPage = { items: Flag[]; total: number };

/** The backfill of the demo's commission records and per-invitee totals, at the e2e weight budget, with room for a loaded machine. */
const BACKFILL_MS = 1_000_000;

/**
 * A GET's JSON, asked again once when the connection is reset: while the first backfill's
 * statements hold the server's thread, the server closes idle keep-alive sockets late, just as
 * this client sends its next request on one (a browser sends it again by itself; this client
 * does not).
 */
async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const once = async () => (await (await request.get(url)).json()) as T;
  return once().catch((e: Error) => (/ECONNRESET|socket hang up/.test(e.message) ? once() : Promise.reject(e)));
}

/** The open flags of a filter, once there is at least one. */
async function openFlags(request: APIRequestContext, filter: string): Promise<Flag[]> {
  let items: Flag[] = [];
  await expect
    .poll(
      async () => {
        items = (await getJson<FlagsPage>(request, `/api/risk/flags?state=open&pageSize=200&${filter}`)).items ?? [];
        return items.length;
      },
      { timeout: BACKFILL_MS, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
  return items;
}

/** The open list's rows (the table the page shows), settled. */
async function settledTable(page: Page) {
  const table = page.getByTestId("risk-table");
  await expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 60_000 });
  await settled(page);
  return table;
}

async function zhPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "zh-CN", timezoneId: "UTC", baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await login(page, "viewer");
  return page;
}

test.describe("risk flags", () => {
  test.describe.configure({ timeout: BACKFILL_MS + 180_000 });

  test("a viewer sees an invitee's flag with its evidence and chart, and follows it to the invitee", async ({ page }) => {
    await login(page, "viewer");
    const [flag] = await openFlags(page.request, "subjectType=invitee");
    await page.goto("/risk?subjectType=invitee");
    await expect(page.getByRole("heading", { level: 1, name: "Risk" })).toBeVisible();
    await expect(page.getByTestId("risk-counts")).toBeVisible();
    await expect(page.getByTestId("risk-at-risk")).toBeVisible();
    const table = await settledTable(page);

    // keyboard: the row's link opens the detail, and the focus lands on its heading
    const open = table.getByRole("link", { name: new RegExp(`flag ${flag.id}:`) });
    await open.focus();
    await page.keyboard.press("Enter");
    const detail = page.getByTestId("risk-detail");
    await expect(detail.getByRole("heading", { level: 2 })).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`[?&]flag=${flag.id}`));
    await expect(detail.getByTestId("risk-summary")).toHaveText(flag.summary);
    const evidence = detail.getByTestId("risk-evidence");
    await expect(evidence.locator("dt").first()).toBeVisible();
    expect(await evidence.locator("dt").count()).toBeGreaterThan(2);
    await expect(detail.getByTestId("risk-chart")).toBeVisible();
    await expect(detail.getByTestId("risk-chart").getByRole("img", { name: new RegExp(`invitee ${flag.subject.id}`) })).toBeVisible();
    // no review for a viewer
    await expect(detail.getByRole("button", { name: "Dismiss" })).toHaveCount(0);
    await expectAccessible(page, "/risk with a flag's detail");

    await detail.getByRole("link", { name: `Value of invitee ${flag.subject.id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/value\\?.*invitee=${flag.subject.id}`));
    await expect(page.getByTestId("invitee-detail").getByRole("heading", { level: 2 })).toContainText(flag.subject.id);
  });

  test("the invitee's row shows a badge naming the rules, which leads to its flags", async ({ page }) => {
    await login(page, "viewer");
    const [flag] = await openFlags(page.request, "subjectType=invitee");
    const uid = flag.subject.id;
    await page.goto(`/invitees?uid=${uid}`);
    const row = page.getByTestId("invitees-table").locator("tbody tr").first();
    await expect(row).toContainText(uid, { timeout: 60_000 });
    const badge = row.getByTestId("risk-badge");
    await expect(badge).toBeVisible();
    const label = await badge.getAttribute("aria-label");
    expect(label).toMatch(/^Risk: open flags \((High|Medium|Low)\): .+\. Show them$/);
    await expectAccessible(page, "/invitees with a risk badge");
    await badge.click();
    await expect(page).toHaveURL(new RegExp(`/risk\\?subjectType=invitee&subject=${uid}`));
    const table = await settledTable(page);
    const rows = await table.locator("tbody tr").allTextContents();
    expect(rows.length).toBeGreaterThan(0);
    for (const text of rows) expect(text).toContain(uid);
    // each rule the badge names has a row here
    for (const name of label!.replace(/^[^:]*: [^:]*: /, "").replace(/\. Show them$/, "").split(", ")) expect(rows.some((r) => r.includes(name)), name).toBe(true);
  });

  test("in Chinese: the list, the detail and the summary sentence", async ({ browser }) => {
    const page = await zhPage(browser);
    const [flag] = await openFlags(page.request, "subjectType=invitee");
    await page.goto(`/risk?subjectType=invitee&flag=${flag.id}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(page.getByRole("heading", { level: 1, name: "风险" })).toBeVisible();
    await expect(page.getByRole("table", { name: /风险标记/ })).toBeVisible();
    const detail = page.getByTestId("risk-detail");
    await expect(detail.getByRole("heading", { level: 2 })).toContainText(`标记 ${flag.id}`);
    const summary = await detail.getByTestId("risk-summary").textContent();
    expect(summary).toContain(flag.subject.id);
    expect(summary, "the sentence is the zh-CN one, not the English list's").not.toBe(flag.summary);
    await expect(detail.getByTestId("risk-evidence")).toBeVisible();
    await expect(detail.getByRole("link", { name: `邀请用户 ${flag.subject.id} 的价值` })).toBeVisible();
    await settled(page);
    await expectAccessible(page, "/risk in zh-CN");
    await page.context().close();
  });

  test("an admin dismisses a flag with a note and it leaves the open list", async ({ page }) => {
    await login(page, "admin");
    const flags = await openFlags(page.request, "subjectType=inviteCode");
    const flag = flags[flags.length - 1];
    await page.goto(`/risk?subjectType=inviteCode&flag=${flag.id}`);
    const table = await settledTable(page);
    await expect(table.getByRole("link", { name: new RegExp(`flag ${flag.id}:`) })).toHaveCount(1);
    const detail = page.getByTestId("risk-detail");
    // a dismissal needs a note: said next to the field, nothing sent
    await detail.getByRole("button", { name: "Dismiss" }).click();
    await expect(detail.getByRole("alert")).toHaveText("Write a note to dismiss the flag.");
    await expect(detail.getByRole("textbox", { name: "Note" })).toHaveAttribute("aria-invalid", "true");
    await detail.getByRole("textbox", { name: "Note" }).fill("A known campaign of this code.");
    await detail.getByRole("button", { name: "Dismiss" }).click();
    await expect(detail.getByTestId("risk-review-notice")).toHaveText(`Flag ${flag.id} dismissed.`);
    await expect(detail.getByTestId("risk-resolution")).toContainText("A known campaign of this code.");
    await expect(table.getByRole("link", { name: new RegExp(`flag ${flag.id}:`) })).toHaveCount(0);
    const stored = await getJson<{ flag: { state: string; note: string; resolvedBy: string } }>(page.request, `/api/risk/flags/${flag.id}`);
    expect(stored.flag).toMatchObject({ state: "dismissed", note: "A known campaign of this code.", resolvedBy: "admin" });
    // the dismissed list holds it
    await page.goto(`/risk?state=dismissed&subjectType=inviteCode`);
    await expect((await settledTable(page)).getByRole("link", { name: new RegExp(`flag ${flag.id}:`) })).toHaveCount(1);
  });

  test("the nav shows Risk to a viewer", async ({ page }) => {
    await login(page, "viewer");
    await page.goto("/invitees");
    await page.getByRole("link", { name: "Risk", exact: true }).click();
    await expect(page).toHaveURL(/\/risk$/);
    await expect(page.getByRole("heading", { level: 1, name: "Risk" })).toBeVisible();
  });
});
