import { expect, test } from "./fixtures";
import { copiedText, expectAccessible, historyBuilt, settled, usdtForReading } from "./helpers";

// The overview pages through a week of sub-affiliate and invitee data at WEEX's weight budget:
// figures arrive over several seconds, one request after another.
const SLOW = { timeout: 90_000 };

test.describe("overview", () => {
  test.use({ signedInAs: "viewer" });

  test("KPIs with comparison, charts, funnel and leaderboards", async ({ page }) => {
    test.setTimeout(1_140_000);
    await page.goto("/?period=7d");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(page.getByTestId("period-summary")).toContainText("7 days");
    await historyBuilt(page);
    for (const id of ["tradingVolume", "netTradingFee", "paidCommission", "registered", "kycPassed", "firstDeposit", "firstTrade"]) {
      await expect(page.getByTestId(`kpi-${id}-value`), id).toHaveText(/^-?[\d,]+(\.\d+)?$/, SLOW);
      await expect(page.getByTestId(`kpi-${id}`), id).toContainText(/vs previous 7 days/, SLOW);
    }

    // Three series charts with SPOT and FUTURES bars, the funnel and both leaderboards.
    await expect(page.getByTestId("series-chart")).toHaveCount(3);
    await expect(page.locator('[data-testid="series-chart"] .recharts-bar-rectangle').first()).toBeVisible();
    await expect(page.getByTestId("series-chart").first().getByTestId("legend-item")).toHaveCount(2);
    // (charts mount as they come near the viewport: the funnel is below the fold)
    await page.getByRole("heading", { name: "Invitee funnel" }).scrollIntoViewIfNeeded();
    await expect(page.getByTestId("funnel-chart")).toContainText("Registered");
    await expect(page.locator('[data-testid="funnel-chart"] .recharts-bar-rectangle')).toHaveCount(4);
    await expect(page.getByTestId("leaderboard-commission").locator("tbody tr")).toHaveCount(10, SLOW);
    await expect(page.getByTestId("leaderboard-volume").locator("tbody tr")).toHaveCount(10, SLOW);
    await settled(page);
    await page.screenshot({ path: test.info().outputPath("overview.png"), fullPage: true });
    await expectAccessible(page, "/");
  });

  test("a KPI is the exact decimal sum of the series the route answers for its period", async ({ page }) => {
    test.setTimeout(300_000);
    // A week that ended yesterday: the archive's answer does not change from one request to the
    // next (today's figures grow during the day), whether the server rendered the page with it
    // or the browser asked for it.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const from = day(-7);
    const to = day(-1);
    await page.goto(`/?period=custom&from=${from}&to=${to}`);
    await historyBuilt(page);
    const startTime = Date.parse(`${from}T00:00:00Z`);
    const endTime = Date.parse(`${to}T00:00:00Z`) + 86_400_000 - 1;
    const res = await page.request.get(`/api/affiliate/sub-affiliates/series?startTime=${startTime}&endTime=${endTime}&granularity=day&tz=UTC`);
    expect(res.ok()).toBe(true);
    const series = (await res.json()) as { items: { tradingVolume: string }[] };
    // (a page that arrived while the history was still building asks again until its period is whole)
    const expected = exactSum(series.items.map((i) => i.tradingVolume));
    // The card shows the USDT sum for reading (two decimals, grouped); the exact sum
    // is its value, on hover and on copy (it used to show every digit: "60,131.6678718").
    const value = page.getByTestId("kpi-tradingVolume-value");
    await expect.poll(() => value.getAttribute("data-exact"), SLOW).toBe(expected);
    await expect(value).toHaveText(usdtForReading(expected));
    await expect(value).toHaveAttribute("title", expected);
    expect(await copiedText(value)).toBe(expected);

    // Once the archive holds the period, the page arrives with all its answers (the server
    // prefetched them): the browser asks for none of them again.
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/affiliate/")) asked.push(r.url());
    });
    await page.reload();
    await expect.poll(() => value.getAttribute("data-exact"), SLOW).toBe(expected);
    await expect(value).toHaveText(usdtForReading(expected));
    await expect(page.getByTestId("leaderboard-volume").locator("tbody tr").first()).toBeVisible();
    await settled(page);
    expect(asked).toEqual([]);
  });

  test("on a phone, charts below the fold are drawn only when the reader scrolls to them", async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/?period=7d");
    await expect(page.getByTestId("kpi-tradingVolume-value")).toHaveText(/^-?[\d,]+(\.\d+)?$/, SLOW);
    await expect(page.getByTestId("kpi-registered-value")).toHaveText(/^[\d,]+$/, SLOW);
    await settled(page);
    await page.waitForTimeout(1000);
    await expect(page.getByTestId("series-chart")).toHaveCount(0);
    await expect(page.getByTestId("funnel-chart")).toHaveCount(0);

    await page.getByRole("heading", { name: "Trading volume", level: 3 }).scrollIntoViewIfNeeded();
    await expect(page.locator('[data-testid="series-chart"] .recharts-bar-rectangle').first()).toBeVisible();
    await expect(page.getByTestId("funnel-chart")).toHaveCount(0);
    await page.getByRole("heading", { name: "Invitee funnel" }).scrollIntoViewIfNeeded();
    await expect(page.locator('[data-testid="funnel-chart"] .recharts-bar-rectangle')).toHaveCount(4);
  });

  test("period, granularity and zone live in the URL and survive a reload", async ({ page }) => {
    await page.goto("/?period=7d");
    await page.getByLabel("Granularity").selectOption("week");
    await expect(page).toHaveURL(/granularity=week/);
    await page.getByLabel("Period", { exact: true }).selectOption("custom");
    await expect(page).toHaveURL(/period=custom/);
    await page.getByLabel("From", { exact: true }).fill("2026-01-01");
    await page.getByLabel("To", { exact: true }).fill("2026-01-03");
    await expect(page).toHaveURL(/from=2026-01-01/);
    await expect(page.getByTestId("period-summary")).toContainText("2026-01-01 – 2026-01-03 (3 days, UTC)");
    await expect(page.getByTestId("period-summary")).toContainText("compared with 2025-12-29 – 2025-12-31");
    await page.getByLabel("Time zone").selectOption({ index: 0 });

    // (these are among the oldest days of the history: the comparison waits for them)
    test.setTimeout(1_000_000);
    await historyBuilt(page);
    await page.reload();
    await expect(page.getByLabel("Period", { exact: true })).toHaveValue("custom");
    await expect(page.getByLabel("Granularity")).toHaveValue("week");
    await expect(page.getByLabel("From", { exact: true })).toHaveValue("2026-01-01");
    await expect(page.getByTestId("kpi-tradingVolume")).toContainText("vs previous 3 days", SLOW);
  });

  test("a period older than a year says why invitee figures are missing", async ({ page }) => {
    await page.goto("/?period=custom&from=2024-01-01&to=2024-01-31");
    await expect(page.getByTestId("kpi-registered")).toContainText("WEEX keeps invitee data for one year only.");
    await expect(page.getByText("Not available for this period")).toBeVisible();
  });
});

/** Sum decimal strings exactly with BigInt (independent of the page's decimal.js). */
function exactSum(values: string[]): string {
  const scale = Math.max(0, ...values.map((v) => (v.split(".")[1] ?? "").length));
  let total = 0n;
  for (const v of values) {
    const [i, f = ""] = v.split(".");
    total += BigInt(i + f.padEnd(scale, "0"));
  }
  const s = total.toString().padStart(scale + 1, "0");
  const int = s.slice(0, s.length - scale);
  const frac = s.slice(s.length - scale).replace(/0+$/, "");
  return frac ? `${int}.${frac}` : int;
}
