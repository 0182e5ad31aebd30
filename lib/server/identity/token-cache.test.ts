import { encode } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";

const decodeCalls = vi.hoisted(() => ({ n: 0 }));
vi.mock("next-auth/jwt", async (importOriginal) => {
  const real = await importOriginal<typeof import("next-auth/jwt")>();
  return { ...real, decode: (p: Parameters<typeof real.decode>[0]) => (decodeCalls.n++, real.decode(p)) };
});

const { cachedDecode } = await import("./token-cache");
const secret = "a-test-secret-that-is-long-enough-0123456789";

afterEach(() => {
  vi.useRealTimers();
  decodeCalls.n = 0;
});

describe("cachedDecode", () => {
  it("decodes a token once and answers the same payload afterwards", async () => {
    const token = await encode({ token: { uid: "7", ver: 1 }, secret });
    const first = await cachedDecode({ token, secret });
    const second = await cachedDecode({ token, secret });
    expect(first).toMatchObject({ uid: "7", ver: 1 });
    expect(second).toEqual(first);
    expect(decodeCalls.n).toBe(1);
  });

  it("keeps nothing for another secret or a tampered token", async () => {
    const token = await encode({ token: { uid: "8", ver: 1 }, secret });
    await cachedDecode({ token, secret });
    await expect(cachedDecode({ token, secret: `${secret}-other` })).rejects.toThrow();
    const tampered = `${token.slice(0, -4)}${token.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
    await expect(cachedDecode({ token: tampered, secret })).rejects.toThrow();
    await expect(cachedDecode({ token: tampered, secret })).rejects.toThrow();
    expect(decodeCalls.n).toBe(4);
  });

  it("never answers a token past its expiry, though it was cached", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const token = await encode({ token: { uid: "9", ver: 1 }, secret, maxAge: 30 });
    expect(await cachedDecode({ token, secret })).toMatchObject({ uid: "9" });
    vi.setSystemTime(Date.now() + 31_000);
    // past exp: not from the cache; jose then refuses it (after its 15 s of clock tolerance)
    vi.setSystemTime(Date.now() + 15_000);
    await expect(cachedDecode({ token, secret })).rejects.toThrow();
    expect(decodeCalls.n).toBe(2);
  });

  it("decodes again after a minute, even for a long-lived token", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const token = await encode({ token: { uid: "10", ver: 1 }, secret });
    await cachedDecode({ token, secret });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await cachedDecode({ token, secret })).toMatchObject({ uid: "10" });
    expect(decodeCalls.n).toBe(2);
  });
});
