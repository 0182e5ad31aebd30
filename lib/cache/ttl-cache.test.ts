import { describe, expect, it } from "vitest";
import { TtlCache } from "./ttl-cache";

describe("TtlCache", () => {
  it("coalesces concurrent loads of one key and serves the value until it expires", async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<string>(60_000, 10, () => now);
    let release!: (v: string) => void;
    const load = () => {
      loads++;
      return new Promise<string>((r) => (release = r));
    };
    const waiting = Array.from({ length: 50 }, () => cache.get("symbols", load));
    release("v1");
    expect(await Promise.all(waiting)).toEqual(Array(50).fill("v1"));
    expect(loads).toBe(1);
    now = 59_999;
    expect(await cache.get("symbols", async () => "v2")).toBe("v1");
    now = 60_001;
    expect(await cache.get("symbols", async () => "v2")).toBe("v2");
  });

  it("does not keep failures", async () => {
    const cache = new TtlCache<string>(60_000);
    await expect(cache.get("k", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => "up")).toBe("up");
  });

  it("stays bounded", async () => {
    const cache = new TtlCache<number>(60_000, 3);
    for (let i = 0; i < 10; i++) await cache.get(`k${i}`, async () => i);
    let reloaded = false;
    await cache.get("k0", async () => ((reloaded = true), 0));
    expect(reloaded).toBe(true);
  });
});
