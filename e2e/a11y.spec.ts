import { expect, test } from "@playwright/test";
import { expectAccessible, login, settled } from "./helpers";

// Every page once more, in the dark theme and on a phone-sized screen (the other specs scan
// the light theme on a desktop): no serious or critical axe violation anywhere, and no page
// wider than the phone.
const PAGES = ["/?period=7d", "/invitees", "/cohorts?period=7d", "/value?period=7d", "/referrals", "/sub-affiliates?period=7d", "/transfers", "/orders?symbol=BTCUSDT", "/markets", "/coins", "/trading"];

test.describe("accessibility in the dark theme on a phone", () => {
  test.use({ colorScheme: "dark", viewport: { width: 390, height: 844 } });

  test("each page", async ({ page }) => {
    test.setTimeout(300_000);
    await login(page, "trader");
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveClass(/dark/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await settled(page);
      await expectAccessible(page, `${path} (dark, phone)`);
      // Wide tables scroll inside their own regions; the page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${path} horizontal overflow`).toBeLessThanOrEqual(0);
    }
  });
});
