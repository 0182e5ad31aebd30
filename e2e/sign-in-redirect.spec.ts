/**
 * Where signing in leads: a `callbackUrl` that a browser reads as another host
 * (`//evil.example`, however it is spelt) never takes anyone off the dashboard, neither a
 * person signing in with the form nor one already signed in who opens such a link.
 *
 * Requests to evil.example are answered by the browser context itself (no DNS), so a browser
 * sent there by the page lands on a page and the test sees where it ended.
 */
import { expect, test, type Page } from "@playwright/test";
import { login } from "./helpers";

/** Each resolves to the path `//evil.example`; the last is an absolute URL on our own origin. */
const spellings = (origin: string) => ["/.//evil.example", "/x/..//evil.example", "/./\\evil.example", `${origin}//evil.example`];

async function trapEvil(page: Page): Promise<void> {
  await page.context().route(
    (url) => url.hostname === "evil.example" || url.hostname.endsWith(".evil.example"),
    (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>evil</title><h1>evil.example</h1>" }),
  );
}

/**
 * Until the browser has left the login page (for wherever), then where it is. Where it went is
 * known once the navigation commits: the page itself (the overview) need not finish loading.
 */
async function landed(page: Page): Promise<URL> {
  await page.waitForURL((u) => u.pathname !== "/login", { waitUntil: "commit" });
  return new URL(page.url());
}

/** Who the browser's session belongs to. */
async function signedInAs(page: Page): Promise<string | undefined> {
  const session = (await (await page.request.get("/api/auth/session")).json()) as { user?: { username?: string } } | null;
  return session?.user?.username;
}

test.describe("sign-in destination", () => {
  test("signing in with the form ends on the dashboard's own origin, whatever the callbackUrl", async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    await trapEvil(page);
    for (const callbackUrl of spellings(origin)) {
      await test.step(callbackUrl, async () => {
        await page.context().clearCookies();
        await page.goto(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
        await page.getByLabel("Username").fill("viewer");
        await page.getByLabel("Password").fill("demo");
        await page.getByRole("button", { name: "Sign in" }).click();
        const at = await landed(page);
        // (soft: every spelling is tried and reported)
        expect.soft(at.origin, callbackUrl).toBe(origin);
        expect.soft(at.pathname, callbackUrl).toBe("/");
        expect.soft(await signedInAs(page), callbackUrl).toBe("viewer");
      });
    }
  });

  test("a signed-in person opening the login page with such a callbackUrl stays on the dashboard", async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    await trapEvil(page);
    await login(page, "viewer");
    for (const callbackUrl of spellings(origin)) {
      await test.step(callbackUrl, async () => {
        // (a server's redirect to evil.example may escape the trap and fail to resolve: then the
        // browser is on an error page, not on the dashboard, and the origin says so)
        await page.goto(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`, { waitUntil: "commit" }).catch(() => undefined);
        const at = await landed(page);
        // (soft: every spelling is tried and reported)
        expect.soft(at.origin, callbackUrl).toBe(origin);
        expect.soft(at.pathname, callbackUrl).toBe("/");
        expect.soft(await signedInAs(page), callbackUrl).toBe("viewer");
      });
    }
  });
});
