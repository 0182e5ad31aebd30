/**
 * Several instances share the contract order cap through PostgreSQL: two
 * `next start` processes on one database, each set to WEEX_ORDERS_PER_MINUTE=2, together send
 * two placements a minute, not four. The third is refused 429 with Retry-After by whichever
 * instance gets it, and never sent.
 *
 * Needs PostgreSQL: set TEST_DATABASE_URL (`.ci/run` does). Each run uses a fresh schema.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_URL } from "../../lib/db/test-support";
import { api, clientOrderId, expectRefusedUnsent, login } from "./helpers";
import { sharedInstances } from "./instances";

const url = TEST_DATABASE_URL;

describe.skipIf(!url)(url ? "the order cap shared by two instances" : "the order cap shared by two instances (skipped: set TEST_DATABASE_URL)", () => {
  const instances = sharedInstances(url!, { WEEX_ORDERS_PER_MINUTE: "2" });
  const { servers } = instances;
  const traders: string[] = [];

  beforeAll(async () => {
    for (const s of servers) traders.push(await login("trader", "demo", { base: s.url, fresh: true }));
  }, 60_000);

  const order = () => ({ symbol: "cmt_btcusdt", side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.01", newClientOrderId: clientOrderId("shared") });
  const place = (i: number) =>
    api<{ error?: { code: string; message: string } }>("/api/contract/orders", { cookie: traders[i]!, base: servers[i]!.url, method: "POST", body: order() });

  it("two instances together place at most the cap a minute; the next is refused unsent on either", async () => {
    expect((await place(0)).status).toBe(200);
    expect((await place(1)).status).toBe(200);
    const sent = instances.sim().stats().byEndpoint.placeOrder ?? 0;
    expect(sent).toBe(2);
    for (const i of [0, 1]) {
      const refused = await place(i);
      expectRefusedUnsent(refused);
    }
    expect(instances.sim().stats().byEndpoint.placeOrder ?? 0).toBe(sent);
    expect(instances.sim().stats().count429).toBe(0);
  });
});
