import { describe, expect, it } from "vitest";
import { coalesceKey, coalesces, Coalescer } from "./coalesce";

describe("Coalescer", () => {
  it("runs identical concurrent work once and gives every caller the answer", async () => {
    const c = new Coalescer();
    let runs = 0;
    let release!: (v: string) => void;
    const run = () => {
      runs++;
      return new Promise<string>((r) => (release = r));
    };
    const all = Array.from({ length: 12 }, () => c.join("k", run));
    await Promise.resolve();
    release("answer");
    expect(await Promise.all(all)).toEqual(Array(12).fill("answer"));
    expect(runs).toBe(1);
    // after the answer, the next request runs again (nothing is cached here)
    expect(await c.join("k", async () => "again")).toBe("again");
    expect(c.size).toBe(0);
  });

  it("shares a failure, and the next request tries again", async () => {
    const c = new Coalescer();
    const failing = [c.join("k", async () => Promise.reject(new Error("upstream"))), c.join("k", async () => "never run")];
    for (const p of failing) await expect(p).rejects.toThrow("upstream");
    expect(await c.join("k", async () => "ok")).toBe("ok");
  });

  it("one caller leaving does not end the others' work; the last one leaving does", async () => {
    const c = new Coalescer();
    let shared: AbortSignal | undefined;
    let release!: (v: string) => void;
    const run = (signal: AbortSignal) => {
      shared = signal;
      return new Promise<string>((r) => (release = r));
    };
    const a = new AbortController();
    const b = new AbortController();
    const pa = c.join("k", run, a.signal);
    const pb = c.join("k", run, b.signal);
    await Promise.resolve();
    a.abort(new Error("a left"));
    await expect(pa).rejects.toThrow("a left");
    expect(shared!.aborted).toBe(false);
    b.abort(new Error("b left"));
    await expect(pb).rejects.toThrow("b left");
    expect(shared!.aborted).toBe(true);
    release("late");
  });

  it("keys by path and validated query, whatever the order of the parameters", () => {
    expect(coalesceKey("/api/affiliate/withdrawals", { pageSize: 10, page: 1 })).toBe(coalesceKey("/api/affiliate/withdrawals", { page: 1, pageSize: 10 }));
    expect(coalesceKey("/api/affiliate/withdrawals", { page: 1 })).not.toBe(coalesceKey("/api/affiliate/withdrawals", { page: 2 }));
    expect(coalesces("GET", "/api/affiliate/withdrawals")).toBe(true);
    expect(coalesces("GET", "/api/affiliate/withdrawals/export")).toBe(false);
    expect(coalesces("POST", "/api/contract/orders")).toBe(false);
  });
});
