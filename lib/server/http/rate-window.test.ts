import { describe, expect, it } from "vitest";
import { RateWindow } from "./rate-window";

describe("RateWindow", () => {
  it("lets `limit` requests through in any window and tells the next one when the oldest leaves", () => {
    const w = new RateWindow(3, 60_000);
    expect(w.take("a", 1_000)).toEqual({ ok: true });
    expect(w.take("a", 2_000)).toEqual({ ok: true });
    expect(w.take("a", 30_000)).toEqual({ ok: true });
    // the oldest (1 000) leaves at 61 000: 60.5 s → 61 s
    expect(w.take("a", 500 + 30_000)).toEqual({ ok: false, retryAfterSeconds: 31 });
    // a refused request is not counted: at 61 000 the first has left and one more goes through
    expect(w.take("a", 61_000)).toEqual({ ok: true });
    expect(w.take("a", 61_500)).toEqual({ ok: false, retryAfterSeconds: 1 });
    // other keys are counted apart
    expect(w.take("b", 61_500)).toEqual({ ok: true });
  });

  it("forgets idle keys when it holds too many", () => {
    const w = new RateWindow(1, 1_000, 2);
    w.take("a", 0);
    w.take("b", 0);
    // both idle past the window: making room for a third forgets them
    expect(w.take("c", 5_000)).toEqual({ ok: true });
    expect(w.take("a", 5_000)).toEqual({ ok: true });
  });
});
