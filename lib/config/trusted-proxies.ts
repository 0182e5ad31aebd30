/**
 * TRUSTED_PROXIES: the reverse proxies whose `X-Forwarded-For` the dashboard believes.
 * A comma- or space-separated list of IP addresses and CIDR ranges (`10.0.0.0/8, ::1`). Unset
 * (the default): none; the client is the address of the socket the request came in on, and
 * any `X-Forwarded-For` a client sends is ignored.
 */
import { isIP } from "node:net";

export interface TrustedProxy {
  address: string;
  /** the prefix length; 32 (IPv4) or 128 (IPv6) for a single address */
  prefix: number;
  family: "ipv4" | "ipv6";
}

/** Parse the list; throws a message for a person on any entry that is not an address or range. */
export function parseTrustedProxies(raw: string | undefined): TrustedProxy[] {
  const out: TrustedProxy[] = [];
  for (const entry of (raw ?? "").split(/[\s,]+/).filter(Boolean)) {
    const [address = "", prefixText, extra] = entry.split("/");
    const version = isIP(address);
    const max = version === 6 ? 128 : 32;
    const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
    if (version === 0 || extra !== undefined || !(prefix >= 0 && prefix <= max)) {
      throw new Error(`TRUSTED_PROXIES must list IP addresses or CIDR ranges (e.g. "10.0.0.0/8, ::1"); "${entry}" is neither.`);
    }
    out.push({ address, prefix, family: version === 6 ? "ipv6" : "ipv4" });
  }
  return out;
}
