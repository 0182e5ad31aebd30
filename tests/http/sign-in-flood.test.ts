/**
 * A flood of sign-ins does not take the dashboard down. Each sign-in costs
 * a bcrypt comparison (~0.1–0.3 s of CPU, also for unknown users); those run in a small pool of
 * worker threads with a short line, and an attempt beyond the line is refused at once with 429.
 *
 * The bound: while 100 wrong-password sign-ins are in flight, a signed-in API request and a page
 * answer, at the median, within their own idle time plus the time of one sign-in measured on
 * this same server a moment before. A password check on the main thread delays every request
 * by many checks (bcryptjs only slices each into chunks of up to 100 ms, and a hundred of them
 * take turns with the request); off the main thread a request waits for none, whatever this
 * machine's speed or load, which both figures share.
 */
import { describe, expect, it } from "vitest";
import { api, baseUrl, login, retryingConnection } from "./helpers";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** How long a request takes (a try whose connection was lost before an answer is not timed). */
async function timed(run: () => Promise<{ status: number }>, expected = 200): Promise<number> {
  return retryingConnection(async () => {
    const started = performance.now();
    const res = await run();
    expect(res.status).toBe(expected);
    return performance.now() - started;
  });
}

/** The form of one sign-in, with its CSRF token and cookie fetched beforehand. */
async function prepareSignIn(username: string, address: string): Promise<() => Promise<Response>> {
  const base = baseUrl();
  const headers = { "x-forwarded-for": address };
  const csrf = await retryingConnection(() => fetch(`${base}/api/auth/csrf`, { headers }));
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return () =>
    fetch(`${base}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...headers },
      body: new URLSearchParams({ username, password: "wrong-password", csrfToken, callbackUrl: `${base}/`, json: "true" }),
    });
}

describe("a flood of sign-ins", () => {
  it("leaves API requests and pages answering, and refuses what does not fit in the line at once", async () => {
    const viewer = await login("viewer");
    const apiGet = () => timed(() => api("/api/reference/coins", { cookie: viewer, patient: true }));
    const pageGet = () => timed(async () => {
      const res = await fetch(`${baseUrl()}/markets`, { headers: { cookie: viewer }, redirect: "manual" });
      await res.arrayBuffer();
      return res;
    });
    const tag = Date.now().toString(36);

    // Idle: warm both, then the median of a few; and what one sign-in takes here.
    for (let i = 0; i < 3; i++) await Promise.all([apiGet(), pageGet()]);
    const idleApi: number[] = [];
    const idlePage: number[] = [];
    for (let i = 0; i < 5; i++) {
      idleApi.push(await apiGet());
      idlePage.push(await pageGet());
    }
    const oneSignIn: number[] = [];
    for (let i = 0; i < 3; i++) {
      const attempt = await prepareSignIn(`flood-${tag}-alone-${i}`, `198.18.1.${i}`);
      oneSignIn.push(await timed(attempt, 401));
    }

    // The flood: 100 wrong passwords for 100 names from 100 addresses (no throttle limit in reach).
    const attempts = await Promise.all(Array.from({ length: 100 }, (_, i) => prepareSignIn(`flood-${tag}-${i}`, `198.18.0.${i}`)));
    let pending = attempts.length;
    const flood = Promise.all(
      attempts.map((send) =>
        retryingConnection(send).then(async (res) => {
          const body = await res.text();
          pending--;
          return { status: res.status, retryAfter: res.headers.get("retry-after"), body };
        }),
      ),
    );
    // Sample while the flood is in flight: every request sent while sign-ins were pending counts.
    const busyApi: number[] = [];
    const busyPage: number[] = [];
    while (pending > 0) {
      busyApi.push(await apiGet());
      if (pending > 0) busyPage.push(await pageGet());
    }
    const answers = await flood;

    const bound = (idle: number[]) => median(idle) + median(oneSignIn);
    const figures = JSON.stringify({ idleApi, idlePage, oneSignIn, busyApi, busyPage });
    console.log(`sign-in flood, ms: ${figures}`);
    expect(median(busyApi), figures).toBeLessThanOrEqual(bound(idleApi));
    if (busyPage.length > 0) expect(median(busyPage), figures).toBeLessThanOrEqual(bound(idlePage));
    // and the dashboard kept answering throughout, not once the flood had passed
    expect(busyApi.length, figures).toBeGreaterThanOrEqual(3);
    expect(busyPage.length, figures).toBeGreaterThanOrEqual(3);

    // Every attempt was answered: checked (401) or refused at once for lack of a seat (429).
    const refused = answers.filter((a) => a.status === 429);
    expect(answers.every((a) => a.status === 401 || a.status === 429), JSON.stringify(answers.map((a) => a.status))).toBe(true);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
      expect(JSON.parse(r.body)).toMatchObject({ error: { code: "rate_limited", message: expect.stringMatching(/many sign-ins at once/) } });
    }
  }, 240_000);
});
