import { describe, expect, it } from "vitest";
import { addressesForSending, creationRefusal, isLoopbackHost, OPEN_POLICY, parseAllowHosts, refusedClass, type Lookup, type WebhookPolicy } from "./address";

const refusedAtCreation = (url: string, policy: WebhookPolicy = OPEN_POLICY) => creationRefusal(new URL(url), policy);

describe("webhook addresses", () => {
  it("refuses every internal class, in every spelling WHATWG URL normalises", () => {
    const internal = [
      "http://127.0.0.1:4010/__sim/faults",
      "http://127.1/",
      "http://2130706433/",
      "http://0x7f.1/",
      "http://0177.0.0.1/",
      "http://0x7f000001/",
      "http://localhost/",
      "http://LOCALHOST./",
      "http://hooks.localhost/",
      "http://[::1]/",
      "http://[::]/",
      "http://0.0.0.0/",
      "http://[::ffff:127.0.0.1]/",
      "http://[::ffff:7f00:1]/",
      "http://[0:0:0:0:0:ffff:a9fe:a9fe]/",
      "http://[::127.0.0.1]/",
      "http://[64:ff9b::169.254.169.254]/",
      "http://[2002:a00:1::]/",
      "http://169.254.169.254/latest/meta-data/",
      "http://10.1.2.3/",
      "http://172.16.0.1/",
      "http://172.31.255.255/",
      "http://192.168.1.1/",
      "http://100.64.0.1/",
      "http://224.0.0.1/",
      "http://239.255.255.250/",
      "http://240.0.0.1/",
      "http://255.255.255.255/",
      "http://[fe80::1]/",
      "http://[fc00::1]/",
      "http://[fd12:3456::1]/",
      "http://[ff02::1]/",
    ];
    for (const url of internal) expect(refusedAtCreation(url), url).toMatchObject({ internal: expect.any(String) });
    expect(refusedAtCreation("http://0x7f.1/")).toEqual({ internal: "127.0.0.1 is a loopback address (127.0.0.0/8)" });
    expect(refusedAtCreation("http://[::ffff:127.0.0.1]/")).toEqual({ internal: "::ffff:7f00:1 is the IPv4-mapped form of 127.0.0.1, a loopback address (127.0.0.0/8)" });
    expect(refusedAtCreation("http://[64:ff9b::169.254.169.254]/")).toEqual({ internal: "64:ff9b::a9fe:a9fe is the NAT64 form of 169.254.169.254, a link-local address (169.254.0.0/16)" });
  });

  it("lets public addresses and names through (a name is judged by its addresses when sent)", () => {
    for (const url of ["https://hooks.example.com/x", "http://93.184.215.14/", "http://172.32.0.1/", "http://100.128.0.1/", "http://[2606:4700::1111]/", "http://[64:ff9b::808:808]/", "http://localhost.example.com/"]) {
      expect(refusedAtCreation(url), url).toBeNull();
    }
    expect(refusedClass("8.8.8.8")).toBeNull();
    expect(refusedClass("::ffff:8.8.8.8")).toBeNull();
  });

  // Every special-purpose range of IANA's registries is refused (as ipaddr.js classifies them),
  // and only global unicast passes; the well-known NAT64 prefix is judged by the IPv4 address
  // it carries, the local-use one is refused whatever it carries.
  it.each([
    ["64:ff9b:1::a9fe:a9fe", "a local-use NAT64 address (64:ff9b:1::/48)"],
    ["64:ff9b:1::808:808", "a local-use NAT64 address (64:ff9b:1::/48)"],
    ["fec0::1", "a site-local address (fec0::/10)"],
    ["::ffff:0:7f00:1", "an IPv4-translated address (::ffff:0:0:0/96)"],
    ["2001::a9fe:a9fe", "a Teredo address (2001::/32)"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "a Teredo address (2001::/32)"],
    ["198.18.0.1", "a reserved address (198.18.0.0/15)"],
    ["198.19.255.254", "a reserved address (198.18.0.0/15)"],
    ["192.0.0.8", "a reserved address (192.0.0.0/24)"],
    ["192.0.2.1", "a reserved address (192.0.2.0/24)"],
    ["2002:808:808::1", "a 6to4 address (2002::/16)"],
    ["2002:a00:1::", "a 6to4 address (2002::/16)"],
    ["::808:808", "a non-global address (outside global unicast 2000::/3)"],
    ["::127.0.0.1", "a non-global address (outside global unicast 2000::/3)"],
    ["100::1", "a discard-only address (100::/64)"],
    ["2001:db8::1", "a reserved address (2001:db8::/32)"],
    ["2001:2::1", "a benchmarking address (2001:2::/48)"],
    ["4000::1", "a non-global address (outside global unicast 2000::/3)"],
    ["::ffff:198.18.0.1", "the IPv4-mapped form of 198.18.0.1, a reserved address (198.18.0.0/15)"],
    ["64:ff9b::c612:1", "the NAT64 form of 198.18.0.1, a reserved address (198.18.0.0/15)"],
    ["64:ff9b::a9fe:a9fe", "the NAT64 form of 169.254.169.254, a link-local address (169.254.0.0/16)"],
    ["fe80::1%eth0", "a link-local address (fe80::/10)"],
  ])("refuses %s: %s", (address, reason) => {
    expect(refusedClass(address)).toBe(reason);
    expect(refusedAtCreation(`http://${address.includes(":") ? `[${address.replace(/%.*$/, "")}]` : address}/`)).toMatchObject({ internal: expect.stringContaining(reason.replace(/^the /, "")) });
  });

  it.each(["8.8.8.8", "93.184.215.14", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "2a00:1450:4001:82a::200e", "2001:4860:4860::8888", "::ffff:8.8.8.8", "64:ff9b::808:808", "64:ff9b::1.1.1.1"])("lets global unicast %s through", (address) => {
    expect(refusedClass(address)).toBeNull();
  });

  it("allows a host (any port) or host:port as written, normalised; never the exchange's API", () => {
    const { entries, invalid } = parseAllowHosts("127.0.0.1:4567, hooks.internal [::1]:8080,bad/entry,x:99999");
    expect(entries).toEqual([
      { host: "127.0.0.1", port: 4567 },
      { host: "hooks.internal", port: null },
      { host: "[::1]", port: 8080 },
    ]);
    expect(invalid).toEqual(["bad/entry", "x:99999"]);
    const policy: WebhookPolicy = { allow: entries, never: [{ host: "127.0.0.1", port: 4010 }] };
    expect(refusedAtCreation("http://127.0.0.1:4567/hook", policy)).toBeNull();
    expect(refusedAtCreation("http://2130706433:4567/hook", policy)).toBeNull(); // the same host once normalised
    expect(refusedAtCreation("http://127.0.0.1:4568/hook", policy)).toMatchObject({ internal: expect.any(String) });
    expect(refusedAtCreation("http://localhost:4567/hook", policy)).toMatchObject({ internal: expect.any(String) });
    expect(refusedAtCreation("http://HOOKS.internal./x", policy)).toBeNull();
    expect(refusedAtCreation("http://[::1]:8080/", policy)).toBeNull();
    expect(refusedAtCreation("http://[::1]:8081/", policy)).toMatchObject({ internal: expect.any(String) });
    expect(refusedAtCreation("http://127.0.0.1:4010/__sim/faults", { ...policy, allow: [{ host: "127.0.0.1", port: null }] })).toEqual({ exchange: "127.0.0.1:4010" });
  });

  it("at send time, resolves once and refuses a name with any internal address", async () => {
    const calls: string[] = [];
    const dns =
      (answer: string[]): Lookup =>
      async (host) => {
        calls.push(host);
        return answer.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
      };
    const url = new URL("https://hooks.example.test/x");
    expect(await addressesForSending(url, OPEN_POLICY, dns(["93.184.215.14"]))).toEqual({ addresses: [{ address: "93.184.215.14", family: 4 }] });
    expect(await addressesForSending(url, OPEN_POLICY, dns(["93.184.215.14", "10.0.0.7"]))).toEqual({ refused: "hooks.example.test resolves to 10.0.0.7, a private address (10.0.0.0/8)" });
    expect(await addressesForSending(url, OPEN_POLICY, dns(["::ffff:169.254.169.254"]))).toMatchObject({ refused: expect.stringContaining("169.254.169.254, a link-local address") });
    expect(calls).toEqual(["hooks.example.test", "hooks.example.test", "hooks.example.test"]);
    // An IP as written is not looked up.
    expect(await addressesForSending(new URL("http://10.0.0.7/"), OPEN_POLICY, dns([]))).toEqual({ refused: "10.0.0.7 is a private address (10.0.0.0/8)" });
    expect(calls).toHaveLength(3);
    const nowhere: Lookup = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    expect(await addressesForSending(url, OPEN_POLICY, nowhere)).toEqual({ failed: "hooks.example.test could not be resolved (ENOTFOUND)" });
  });

  it("knows this machine's SMTP hosts", () => {
    for (const h of ["127.0.0.1", "127.0.0.53", "[::1]", "[::ffff:7f00:1]", "localhost", "localhost."]) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ["192.0.2.2", "10.0.0.1", "smtp.example.com", "[fd00::2]"]) expect(isLoopbackHost(h), h).toBe(false);
  });
});
