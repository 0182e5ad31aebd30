/**
 * One sign-in through next-auth's credentials flow over HTTP, as the login page does it:
 * GET /api/auth/csrf (its token and cookie), then POST /api/auth/callback/credentials. Shared by
 * the demo seed, the benches and the HTTP tests, so that all of them sign in the same way.
 */

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header's pairs. */
export function cookiePairs(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(";")[0]!);
}

export interface CredentialsAnswer {
  status: number;
  /** the Cookie header to use afterwards: the CSRF cookie, and the session cookie on success */
  cookie: string;
  /** whether the answer set a session cookie */
  signedIn: boolean;
  setCookies: string[];
  /** the answer's body as text */
  text: string;
  retryAfter: string | null;
}

/** One sign-in attempt at `base` (extra request headers, e.g. X-Forwarded-For, on both requests). */
export async function credentialsSignIn(base: string, username: string, password: string, headers?: Record<string, string>): Promise<CredentialsAnswer> {
  const csrfRes = await fetch(`${base}/api/auth/csrf`, { headers });
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const jar = cookiePairs(csrfRes);
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; "), ...headers },
    body: new URLSearchParams({ username, password, csrfToken, callbackUrl: `${base}/`, json: "true" }),
  });
  const setCookies = res.headers.getSetCookie();
  const text = await res.text();
  const session = cookiePairs(res).filter((c) => c.includes("session-token"));
  return { status: res.status, cookie: [...jar, ...session].join("; "), signedIn: session.length > 0, setCookies, text, retryAfter: res.headers.get("retry-after") };
}
