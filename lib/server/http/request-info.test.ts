import { afterEach, describe, expect, it } from "vitest";
import { parseTrustedProxies } from "@/lib/config/trusted-proxies";
import { clientAddress, clientIp, isHttps, isSameOrigin, proxyList, publicOrigin } from "./request-info";

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

  // Why this rule: the first X-Forwarded-For entry is whatever the client wrote.
  it("takes the client IP from the socket, and from X-Forwarded-For only past trusted proxies", () => {
    const none = proxyList([]);
    const lb = proxyList(parseTrustedProxies("10.0.0.0/8, ::1"));
    // no trusted proxy: the header counts for nothing
    expect(clientAddress("203.0.113.5, 10.0.0.1", "198.51.100.7", none)).toBe("198.51.100.7");
    // from a trusted proxy: the rightmost address it does not stand for, never the forged left part
    expect(clientAddress("1.2.3.4, 203.0.113.5, 10.0.0.2", "10.0.0.1", lb)).toBe("203.0.113.5");
    expect(clientAddress("203.0.113.5", "::1", lb)).toBe("203.0.113.5");
    expect(clientAddress("[2001:db8::5]:4711, 10.0.0.2:8080", "::ffff:10.0.0.1", lb)).toBe("2001:db8::5");
    // only trusted hops: the leftmost one; the proxy's own address when it said nothing usable
    expect(clientAddress("10.0.0.9", "10.0.0.1", lb)).toBe("10.0.0.9");
    expect(clientAddress(undefined, "10.0.0.1", lb)).toBe("10.0.0.1");
    expect(clientAddress("not-an-address, 10.0.0.2", "10.0.0.1", lb)).toBe("10.0.0.2");
    // an untrusted peer: its own address, as a plain IPv4 address when it came as IPv4-mapped IPv6
    expect(clientAddress("10.0.0.2", "::ffff:198.51.100.7", lb)).toBe("198.51.100.7");
    expect(clientAddress("203.0.113.5", null, lb)).toBe("unknown");
    // a request without the server's own stamp of its socket (peer-address.ts) has no known client
    expect(clientIp(h({ "x-forwarded-for": "203.0.113.5", "x-weex-peer": "guessed 198.51.100.1" }))).toBe("unknown");
    expect(clientIp(h({}))).toBe("unknown");
  });

  it("reads TRUSTED_PROXIES as addresses and CIDR ranges, and refuses anything else", () => {
    expect(parseTrustedProxies(undefined)).toEqual([]);
    expect(parseTrustedProxies(" 10.0.0.0/8,::1  192.168.1.5 ")).toEqual([
      { address: "10.0.0.0", prefix: 8, family: "ipv4" },
      { address: "::1", prefix: 128, family: "ipv6" },
      { address: "192.168.1.5", prefix: 32, family: "ipv4" },
    ]);
    for (const bad of ["10.0.0.0/33", "::1/129", "proxy.local", "10.0.0.0/8/1", "10.0.0.0/x", "*"]) {
      expect(() => parseTrustedProxies(bad), bad).toThrow(/TRUSTED_PROXIES must list IP addresses or CIDR ranges/);
    }
  });
});
