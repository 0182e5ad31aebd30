/**
 * Share links in Chromium: a partner shares their sub-affiliate page from the page
 * itself; the link opens in a browser without a login and shows their rows only; after they
 * revoke it, after its expiry and with a wrong password it shows nothing of the view. The share
 * dialog says what the reader will see, and a link's filters hold the reader to them.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { addPartner, expectOnlyRowsOf, login } from "./helpers";

const PASSWORD = "partner-password";
const stamp = Date.now().toString(36);

/** A partner of two of the simulator's sub-affiliates, signed in on a page of their own. */
async function partnerPage(browser: Browser, admin: Page, baseURL: string, who: string): Promise<{ page: Page; mine: string[] }> {
  const board = await admin.request.get("/api/affiliate/sub-affiliates/leaderboard?limit=4");
  expect(board.ok(), await board.text()).toBe(true);
  const mine = ((await board.json()) as { items: { subAffiliateUid: string }[] }).items.map((i) => i.subAffiliateUid).slice(0, 2);
  expect(mine).toHaveLength(2);
  const page = await addPartner(browser, admin, baseURL, { username: who, password: PASSWORD, scope: { subAffiliateUids: mine } });
  return { page, mine };
}

/** A browser of its own, never signed in. */
async function stranger(browser: Browser, baseURL: string): Promise<Page> {
  return (await browser.newContext({ baseURL })).newPage();
}

test.describe("share links", () => {
  test("a partner shares their page; it opens without a login with their rows only, and not after they revoke it", async ({ browser, page, baseURL }) => {
    test.setTimeout(300_000);
    await login(page, "admin");
    const { page: partner, mine } = await partnerPage(browser, page, baseURL!, `share-ui-${stamp}`);
    await partner.goto("/sub-affiliates");
    await partner.getByRole("button", { name: "Share this view" }).click();
    await partner.getByRole("button", { name: "Create link" }).click();
    const url = await partner.getByTestId("share-url").inputValue();
    expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);

    const visitor = await stranger(browser, baseURL!);
    await visitor.goto(url);
    await expect(visitor).toHaveURL(/\/share\//);
    await expect(visitor.getByTestId("share-banner")).toContainText(`share-ui-${stamp}`);
    await expectOnlyRowsOf(visitor, mine);
    // read-only: no export (the link was made without), no navigation into the dashboard
    await expect(visitor.getByRole("button", { name: "Export CSV" })).toHaveCount(0);
    await expect(visitor.getByRole("navigation", { name: "Main" })).toHaveCount(0);

    await partner.getByRole("button", { name: "Revoke" }).click();
    await expect(partner.getByRole("button", { name: "Revoke" })).toHaveCount(0);
    await visitor.reload();
    await expect(visitor.getByTestId("share-refused")).toContainText("revoked");
    await expect(visitor.getByTestId("sub-affiliates-table")).toHaveCount(0);
  });

  test("the dialog says what the reader will see; a code and period link's view reads within it, and a wider request is refused", async ({ browser, page, baseURL }) => {
    test.setTimeout(300_000);
    await login(page, "admin");
    const now = Date.now();
    const codes = await page.request.get(`/api/affiliate/invitees/codes?startTime=${now - 30 * 86_400_000}&endTime=${now}`);
    expect(codes.ok(), await codes.text()).toBe(true);
    const code = ((await codes.json()) as { items: { inviteCode: string | null }[] }).items.find((i) => i.inviteCode)!.inviteCode!;

    await page.goto("/cohorts");
    await page.getByRole("button", { name: "Share this view" }).click();
    await expect(page.getByTestId("share-scope")).toContainText("Any period: the link is made without one");

    await page.goto(`/value?period=30d&inviteCode=${encodeURIComponent(code)}`);
    await page.getByRole("button", { name: "Share this view" }).click();
    const scope = page.getByTestId("share-scope");
    await expect(scope).toContainText(`Invite code ${code} only`);
    await expect(scope).toContainText("Last 30 days, compared with the previous period: rolling, it moves on with each day");
    await expect(scope).toContainText("The reader may change the granularity, time zone, sort, page and page size");
    await page.getByRole("button", { name: "Create link" }).click();
    const url = await page.getByTestId("share-url").inputValue();

    const visitor = await stranger(browser, baseURL!);
    // the view's own request is within the link's filters (the archive may still be building: its rows may be few)
    const asked = visitor.waitForResponse((r) => r.url().includes("/api/affiliate/invitees/value?"), { timeout: 120_000 });
    await visitor.goto(url);
    await expect(visitor.getByTestId("share-banner")).toBeVisible();
    const answer = await asked;
    expect(answer.status(), await answer.text()).toBe(200);
    await expect(visitor.getByText("outside this share link's view")).toHaveCount(0);
    // the same link without its code filter: refused, naming the field
    const token = new URL(url).pathname.split("/").pop()!;
    const wider = await visitor.request.get(`/api/affiliate/invitees/value?startTime=${now - 86_400_000}&endTime=${now}`, { headers: { "x-share-token": token } });
    expect(wider.status()).toBe(403);
    expect(((await wider.json()) as { error: { fields: { path: string }[] } }).error.fields.map((f) => f.path)).toEqual(["inviteCode"]);
  });

  test("a link fixed to one product type shows a sub-affiliate's trend of that type", async ({ browser, page, baseURL }) => {
    test.setTimeout(300_000);
    await login(page, "admin");
    const board = await page.request.get("/api/affiliate/sub-affiliates/leaderboard?limit=1&productType=SPOT");
    expect(board.ok(), await board.text()).toBe(true);
    const uid = ((await board.json()) as { items: { subAffiliateUid: string }[] }).items[0]!.subAffiliateUid;
    await page.goto(`/sub-affiliates?productType=SPOT&trend=${uid}`);
    await page.getByRole("button", { name: "Share this view" }).click();
    await expect(page.getByTestId("share-scope")).toContainText("SPOT");
    await page.getByRole("button", { name: "Create link" }).click();
    const url = await page.getByTestId("share-url").inputValue();

    const visitor = await stranger(browser, baseURL!);
    // the trend asks within the link: SPOT only (both types would be wider than the link)
    const asked = visitor.waitForResponse((r) => r.url().includes("/api/affiliate/sub-affiliates/series?") && r.url().includes(`subUid=${uid}`), { timeout: 120_000 });
    await visitor.goto(url);
    const answer = await asked;
    expect(answer.status(), await answer.text()).toBe(200);
    expect(new URL(answer.url()).searchParams.get("productType")).toBe("SPOT");
    await expect(visitor.getByRole("heading", { name: `Trend of sub-affiliate ${uid}` })).toBeVisible();
    await expect(visitor.getByText("outside this share link's view")).toHaveCount(0);
  });

  test("a link is refused after its expiry, and with a wrong password; the right one opens it", async ({ browser, page, baseURL }) => {
    test.setTimeout(300_000);
    await login(page, "admin");
    const { page: partner, mine } = await partnerPage(browser, page, baseURL!, `share-pw-${stamp}`);
    const make = async (body: Record<string, unknown>) => {
      const r = await partner.request.post("/api/share-links", { data: { page: "subAffiliates", ...body }, headers: { origin: baseURL! } });
      expect(r.status(), await r.text()).toBe(201);
      return ((await r.json()) as { url: string }).url;
    };

    const short = await make({ expiresAt: new Date(Date.now() + 3_000).toISOString() });
    // past its expiry (the page's own clock: the server's)
    await expect
      .poll(async () => (await partner.request.get(short.replace(baseURL!, ""))).text().then((t) => t.includes('data-reason="expired"')), { timeout: 30_000 })
      .toBe(true);
    const late = await stranger(browser, baseURL!);
    await late.goto(short);
    await expect(late.getByTestId("share-refused")).toContainText("expired");
    await expect(late.getByTestId("share-banner")).toHaveCount(0);

    const locked = await make({ expiresAt: new Date(Date.now() + 3_600_000).toISOString(), password: "share-secret-1" });
    const visitor = await stranger(browser, baseURL!);
    await visitor.goto(locked);
    await visitor.getByLabel("Password").fill("not-the-password");
    await visitor.getByRole("button", { name: "Open" }).click();
    await expect(visitor.getByTestId("share-password-error")).toHaveText("Wrong password.");
    await expect(visitor.getByTestId("share-banner")).toHaveCount(0);

    await visitor.getByLabel("Password").fill("share-secret-1");
    await visitor.getByRole("button", { name: "Open" }).click();
    await expect(visitor.getByTestId("share-banner")).toBeVisible({ timeout: 60_000 });
    const table = visitor.getByTestId("sub-affiliates-table");
    await expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 120_000 });
    const shown = await table.locator("tbody tr td:nth-child(2) code").allTextContents();
    for (const uid of shown) expect(mine, `a row of ${uid}`).toContain(uid);
  });
});
