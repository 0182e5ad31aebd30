import { describe, expect, it } from "vitest";
import { lazyModule } from "./use-lazy-module";

describe("lazyModule", () => {
  it("imports once, whoever asks, and hands out the module from then on", async () => {
    let imports = 0;
    const mod = lazyModule(async () => {
      imports++;
      return { answer: 42 };
    });
    expect(mod.get()).toBeNull();
    const [a, b] = await Promise.all([mod.load(), mod.load()]);
    expect(a).toBe(b);
    expect(mod.get()).toBe(a);
    await mod.load();
    expect(imports).toBe(1);
  });

  it("tries again after a failed download instead of keeping the failure", async () => {
    let attempt = 0;
    const mod = lazyModule(async () => {
      if (++attempt === 1) throw new Error("chunk failed");
      return { ok: true };
    });
    await expect(mod.load()).rejects.toThrow("chunk failed");
    expect(mod.get()).toBeNull();
    await expect(mod.load()).resolves.toEqual({ ok: true });
    expect(attempt).toBe(2);
  });
});
