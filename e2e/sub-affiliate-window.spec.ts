/**
 * The sub-affiliates page opened without a period: WEEX answers the sub-affiliate
 * records only for a bounded window, so the page leaves the range to the route, which picks
 * the last 30 days up to now (30 UTC dates), and shows which window that is, in the person's
 * language. A period the person chooses is asked for as it is, and no such note shows.
 */
import { expect, test, type Page } from "@playwright/test";
import { login } from "./helpers";
import { DAY_MS } from "../lib/time/calendar";

const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The 30 UTC dates up to `now`: [first, last]. */
const last30 = (now: number) => [utcDate(now - 29 * DAY_MS), utcDate(now)];

interface ListAnswer {
  items: { date: string }[];
  window: { startTime: number; endTime: number; chosen: boolean };
}

/** Opens `path` and returns the list answer the page got, with the URL it asked. */
async function openList(page: Page, path: string): Promise<{ asked: URL; answer: ListAnswer }> {
  const response = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/affiliate/sub-affiliates" && r.ok());
  await page.goto(path);
  const r = await response;
  return { asked: new URL(r.url()), answer: (await r.json()) as ListAnswer };
}

test.describe("sub-affiliates without a period", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, "viewer");
  });

  test("the page names the window the dashboard chose, its rows are of it; a chosen period is asked as it is", async ({ page }) => {
    const t0 = Date.now();
    const { asked, answer } = await openList(page, "/sub-affiliates?productType=FUTURES&pageSize=100");
    const t1 = Date.now();
    // The page asked without a range; the route chose the last 30 UTC dates up to now.
    expect([asked.searchParams.get("startTime"), asked.searchParams.get("endTime")]).toEqual([null, null]);
    expect(answer.window.chosen).toBe(true);
    const [from, to] = [utcDate(answer.window.startTime), utcDate(answer.window.endTime)];
    expect([last30(t0), last30(t1)]).toContainEqual([from, to]);

    const note = page.getByTestId("sub-affiliates-window");
    await expect(note).toHaveText(`Showing the last 30 days (${from} to ${to}, UTC dates): no period was chosen, so the dashboard picked it. Choose a period to change it.`);
    const table = page.getByTestId("sub-affiliates-table");
    await expect(table.locator("caption")).toContainText(`Daily FUTURES records ${from} to ${to}`);
    await expect(table.locator("tbody tr").first()).toBeVisible();
    // The answer's records are of the window, and so are the rows, once the table has settled
    // (rows on screen from before stay, dimmed and aria-busy, until the new page arrives).
    // (a record's `date` is its UTC day as WEEX types it: a string, "YYYY-MM-DD")
    const answered = answer.items.map((i) => String(i.date).slice(0, 10));
    expect(answered.filter((d) => d < from || d > to), "records outside the window").toEqual([]);
    await expect(table.locator("table")).not.toHaveAttribute("aria-busy", "true");
    const dates = (await table.locator("tbody tr td:first-child").allTextContents()).map((d) => d.trim());
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.filter((d) => d < from || d > to), `rows outside ${from} to ${to}`).toEqual([]);

    // A period in the URL is the person's: asked as it is, and no chosen window is named.
    const seven = await openList(page, "/sub-affiliates?productType=FUTURES&pageSize=100&period=7d");
    expect(seven.asked.searchParams.get("startTime")).not.toBeNull();
    expect(seven.answer.window.chosen).toBe(false);
    await expect(table.locator("tbody tr").first()).toBeVisible();
    await expect(note).toHaveCount(0);
  });

  test.describe("in Chinese", () => {
    test.use({ locale: "zh-CN" });

    test("the chosen window is named in Chinese", async ({ page }) => {
      const { answer } = await openList(page, "/sub-affiliates");
      expect(answer.window.chosen).toBe(true);
      const [from, to] = [utcDate(answer.window.startTime), utcDate(answer.window.endTime)];
      await expect(page.getByTestId("sub-affiliates-window")).toHaveText(`显示最近 30 天（${from} 至 ${to}，UTC 日期）：未选择时间段，由仪表板选定。选择一个时间段即可更改。`);
    });
  });
});
