import { describe, expect, it } from "vitest";
import { asParty, currentParty, inPartyOf } from "./party";

const tick = () => new Promise((r) => setTimeout(r, 1));

describe("party (who asks for WEEX weight)", () => {
  it("is set for what a request starts, across awaits, and absent outside", async () => {
    expect(currentParty()).toBeUndefined();
    const seen = await asParty("user-1", async () => {
      await tick();
      const inner = await Promise.all([1, 2].map(async () => (await tick(), currentParty())));
      return [currentParty(), ...inner, asParty(undefined, () => currentParty())];
    });
    expect(seen).toEqual(["user-1", "user-1", "user-1", undefined]);
    expect(currentParty()).toBeUndefined();
  });

  it("inPartyOf: a walk pulled after the request's handler returned still runs as its party", async () => {
    async function* walk() {
      for (let page = 1; page <= 3; page++) {
        await tick();
        yield currentParty();
      }
    }
    // what an export handler returns: the walk, started in the request's context
    const [bound, unbound] = asParty("user-2", () => [inPartyOf(walk()), walk()]);
    // pulled later, from outside (the response writer)
    const pulled: (string | undefined)[] = [];
    for await (const p of bound!) pulled.push(p);
    expect(pulled).toEqual(["user-2", "user-2", "user-2"]);
    // without it, the steps run as whoever pulls them
    const lost: (string | undefined)[] = [];
    for await (const p of unbound!) lost.push(p);
    expect(lost).toEqual([undefined, undefined, undefined]);
  });
});
