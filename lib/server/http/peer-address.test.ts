import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, it } from "vitest";
import { PEER_HEADER, stampedPeer, stampPeerAddresses } from "./peer-address";

it("stamps each request with its socket's address, over whatever the client sent under that name", async () => {
  stampPeerAddresses();
  const seen: (string | null)[] = [];
  const server = createServer((req, res) => {
    seen.push(stampedPeer(req.headers[PEER_HEADER] as string | undefined));
    res.end(String(req.headers[PEER_HEADER]));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const echoed = await (await fetch(url, { headers: { [PEER_HEADER]: "forged 203.0.113.9", "x-forwarded-for": "203.0.113.9" } })).text();
    await fetch(url);
    expect(seen).toEqual(["127.0.0.1", "127.0.0.1"]);
    // a stamp copied from somewhere else with another address is still checked by its prefix
    expect(stampedPeer(echoed.replace("127.0.0.1", "198.51.100.1"))).toBe("198.51.100.1");
    for (const forged of ["forged 203.0.113.9", "", " 203.0.113.9", `${echoed.split(" ")[0]!.slice(1)} 203.0.113.9`, "ü".repeat(30)]) {
      expect(stampedPeer(forged), forged).toBeNull();
    }
    expect(stampedPeer(undefined)).toBeNull();
  } finally {
    await new Promise((r) => server.close(r));
  }
});
