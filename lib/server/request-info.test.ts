import { afterEach, describe, expect, it } from "vitest";
import { clientIp, isHttps, isSameOrigin, publicOrigin } from "./request-info";

const h = (o: Record<string, string>) => new Headers(o);

describe("request origin", () => {
  const saved = process.env.NEXTAUTH_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.NEXTAUTH_URL;
    else process.env.NEXTAUTH_URL = saved;
  });

  it("comes from Host and X-Forwarded-Proto (as next-auth decides), or NEXTAUTH_URL", () => {
    delete process.env.NEXTAUTH_URL;
    expect(publicOrigin(h({ host: "127.0.0.1:3000", "x-forwarded-proto": "http" }))).toBe("http://127.0.0.1:3000");
    expect(publicOrigin(h({ host: "dash.example", "x-forwarded-host": "dash.example.com", "x-forwarded-proto": "https" }))).toBe("https://dash.example.com");
    // no protocol said: assume HTTPS (the safe side for cookies)
    expect(isHttps(h({ host: "x" }))).toBe(true);
    process.env.NEXTAUTH_URL = "https://dash.example.com/base";
    expect(publicOrigin(h({ host: "evil", "x-forwarded-proto": "http" }))).toBe("https://dash.example.com");
  });

  it("lets through same-origin and non-browser requests, not cross-site ones", () => {
    delete process.env.NEXTAUTH_URL;
    const own = { host: "127.0.0.1:3000", "x-forwarded-proto": "http" };
    expect(isSameOrigin(h(own))).toBe(true);
    expect(isSameOrigin(h({ ...own, origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(isSameOrigin(h({ ...own, origin: "http://evil.example" }))).toBe(false);
    expect(isSameOrigin(h({ ...own, origin: "https://127.0.0.1:3000" }))).toBe(false);
    expect(isSameOrigin(h({ ...own, origin: "null" }))).toBe(false);
    expect(isSameOrigin(h({ ...own, "sec-fetch-site": "cross-site" }))).toBe(false);
    expect(isSameOrigin(h({ ...own, "sec-fetch-site": "same-site" }))).toBe(false);
  });

  it("takes the client IP from the first X-Forwarded-For entry", () => {
    expect(clientIp(h({ "x-forwarded-for": "203.0.113.5, 10.0.0.1" }))).toBe("203.0.113.5");
    expect(clientIp({ "x-forwarded-for": "198.51.100.1" })).toBe("198.51.100.1");
    expect(clientIp(h({}))).toBe("unknown");
  });
});
