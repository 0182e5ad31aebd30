import { expect, test } from "./fixtures";
import { expectAccessible, openTable, settled } from "./helpers";

// every test here as the demo viewer
test.use({ signedInAs: "viewer" });

test.describe("invited users", () => {
  test("server-paged table, paging and filters in the URL", async ({ page }) => {
    const table = await openTable(page, "/invitees?pageSize=20", "invitees-table");
    await expect(table.locator("tbody tr")).toHaveCount(20);
    await expect(table.locator("caption")).toContainText("Invited users");
    // Where the rows came from (archive or live) and how fresh they are.
    await expect(page.getByTestId("freshness")).toHaveText(/Updated|Building your history|History not built/);
    await expect(table.getByRole("columnheader", { name: "Registered (UTC)" })).toBeVisible();
    // Funnel-stage badges
    await expect(table.locator("tbody tr").first()).toContainText(/Registered|KYC passed|Deposited|Traded/);
    const firstUid = (await table.locator("tbody tr").first().locator("code").first().textContent())!;
    expect(firstUid).toMatch(/^\d+$/);

    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(table.locator("tbody tr").first().locator("code").first()).not.toHaveText(firstUid);
    await settled(page);

    await page.reload();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/page 2/)).toBeVisible();

    // Filter by the UID seen on page 1: exactly that user.
    await page.getByLabel("Invitee UID", { exact: true }).fill(firstUid);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`uid=${firstUid}`));
    await expect(page).not.toHaveURL(/page=2/);
    await expect(table.locator("tbody tr")).toHaveCount(1);
    await expect(table.locator("tbody tr").first()).toContainText(firstUid);
    await expectAccessible(page, "/invitees");
  });

  test("the registration picker enforces and explains the 1-year / 90-day window", async ({ page }) => {
    await page.goto("/invitees");
    await expect(page.getByText("WEEX answers for registrations in the past year only, at most 90 days per query.")).toBeVisible();
    const from = page.getByLabel("Registered from (UTC)");
    const to = page.getByLabel("Registered to (UTC)");
    const min = await from.getAttribute("min");
    expect(min).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A range longer than 90 days is refused before any request, with the reason.
    const today = new Date().toISOString().slice(0, 10);
    // (filled again until the page reacts: a field filled before hydration is not seen by React)
    await expect(async () => {
      for (const [field, value] of [[from, min!], [to, today]] as const) {
        await field.clear();
        await field.fill(value);
      }
      await expect(page.getByText(/One query may span at most 90 days/)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole("button", { name: "Apply filters" })).toBeDisabled();
    // A valid range applies and survives a reload.
    const start = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    await from.fill(start);
    await to.fill(today);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`regFrom=${start}`));
    await page.reload();
    await expect(page.getByLabel("Registered from (UTC)")).toHaveValue(start);
    await expect(page.getByTestId("invitees-table").or(page.getByTestId("empty-state"))).toBeVisible();
  });

  test("dates follow the chosen zone", async ({ page }) => {
    await page.goto("/invitees?tz=Asia/Kolkata&pageSize=20");
    await expect(page.getByRole("columnheader", { name: "Registered (Asia/Kolkata)" })).toBeVisible();
  });
});

test.describe("failures are explained", () => {
  test("a 429 says when it retries, then the data arrives", async ({ page }) => {
    let calls = 0;
    await page.route("**/api/affiliate/invitees?*", async (route) => {
      if (calls++ === 0) {
        await route.fulfill({
          status: 429,
          headers: { "retry-after": "3", "content-type": "application/json" },
          body: JSON.stringify({ error: { code: "rate_limited", message: "The WEEX request budget is spent; try again in 3 s." } }),
        });
      } else {
        await route.continue();
      }
    });
    await page.goto("/invitees?pageSize=20");
    await expect(page.getByText(/Retrying automatically in [1-3] s/)).toBeVisible();
    await expect(page.getByTestId("invitees-table").locator("tbody tr")).toHaveCount(20, { timeout: 15_000 });
    expect(calls).toBe(2);
  });

  test("an upstream error shows the contract's message and code, and Retry recovers", async ({ page }) => {
    await page.route("**/api/affiliate/invitees?*", (route) =>
      route.fulfill({
        status: 502,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "upstream_error", message: "WEEX answered with an error: system busy", upstream: { status: 500, code: "-1001", msg: "system busy" } } }),
      }),
    );
    await page.goto("/invitees");
    const banner = page.getByTestId("error-banner");
    await expect(banner).toContainText("WEEX answered with an error: system busy");
    await expect(banner).toContainText("-1001");
    await expect(banner).toContainText("upstream_error");
    await page.unroute("**/api/affiliate/invitees?*");
    await banner.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByTestId("invitees-table").locator("tbody tr").first()).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
});

test.describe("invited users on a desktop screen (Lighthouse's desktop size)", () => {
  test.use({ viewport: { width: 1350, height: 940 } });

  test("the page keeps its layout while the table fills in (CLS below 0.1)", async ({ page }) => {
    // Every layout shift of the load, as Lighthouse sums them (shifts right after input excluded).
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__cls += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/invitees");
    await expect(page.getByTestId("invitees-table").locator("tbody tr")).toHaveCount(50);
    await settled(page);
    await expect(page.getByRole("navigation", { name: "Invited users pages" })).toBeVisible();
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls).toBeLessThan(0.1);
  });
});
