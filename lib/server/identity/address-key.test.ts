import { describe, expect, it } from "vitest";
import { addressKey } from "./address-key";

describe("a client's throttle key", () => {
  it("is an IPv6 address's /64, and an IPv4 address itself", () => {
    expect(addressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0DB8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80::/64");
    expect(addressKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("unknown")).toBe("unknown");
  });
});
