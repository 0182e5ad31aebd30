import { expect, test } from "@playwright/test";
import { expectAccessible, login, settled } from "./helpers";

// Every page once more, in the dark theme and on a phone-sized screen (the other specs scan
// the light theme on a desktop): no serious or critical axe violation anywhere, and no page
// wider than the phone.
const PAGES = ["/?period=7d", "/invitees", "/cohorts?period=7d", "/value?period=7d", "/referrals", "/sub-affiliates?period=7d", "/transfers", "/risk", "/orders?symbol=BTCUSDT", "/markets", "/coins", "/trading", "/settings/tokens"];

test.describe("accessibility in the dark theme on a phone", () => {
  test.use({ colorScheme: "dark", viewport: { width: 390, height: 844 } });

  // One test per page: each has its own time and the workers share them.
  for (const path of PAGES) {
    test(path, async ({ page }) => {
      test.setTimeout(180_000);
      await login(page, "trader");
      await page.goto(path);
      await expect(page.locator("html")).toHaveClass(/dark/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await settled(page);
      await expectAccessible(page, `${path} (dark, phone)`);
      // Wide tables scroll inside their own regions; the page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${path} horizontal overflow`).toBeLessThanOrEqual(0);
    });
  }
});

// The pages above show whatever the demo holds at the moment; this one makes the widest content
// certain. The leaderboards' cells are given the longest ids and amounts WEEX's types allow (the
// server may render the tables before the browser asks for anything, so the text is set in the
// page), and the overview on a phone must still not scroll sideways: the tables scroll inside
// their sections.
test.describe("long figures on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the overview's leaderboards keep long ids and amounts inside their own scrolling regions", async ({ page }) => {
    await login(page, "viewer");
    await page.goto("/?period=7d");
    const board = page.getByTestId("leaderboard-volume");
    await expect(board.locator("tbody tr").first()).toBeVisible({ timeout: 120_000 });
    const wide = await board.evaluate((table) => {
      for (const cell of Array.from(table.querySelectorAll("tbody td"))) {
        const leaf = Array.from(cell.querySelectorAll("*")).find((e) => !e.children.length && e.textContent) ?? cell;
        leaf.textContent = "987,654,321,098,765,432,109,876.54321098";
      }
      return table.scrollWidth > window.innerWidth;
    });
    expect(wide, "the table is wider than the phone (else this test proves nothing)").toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "horizontal overflow").toBeLessThanOrEqual(0);
    // Scrolled sideways, the rank and the id stay in view.
    const positions = await board.evaluate((table) => Array.from(table.querySelectorAll("tr")).map((tr) => Array.from(tr.children).slice(0, 2).map((c) => getComputedStyle(c).position)));
    expect(positions.flat().every((p) => p === "sticky"), JSON.stringify(positions)).toBe(true);
  });
});
