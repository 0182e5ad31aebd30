/**
 * The key a client's address is counted under by the throttles (sign-in, a share link's
 * password, refused share openings): an IPv4 address as it is, an IPv6 address by its /64. One
 * customer gets a whole /64 (RFC 6177: a /64 is the smallest end-site assignment, and privacy
 * extensions change the low 64 bits at will), so counting IPv6 addresses one by one would give a
 * single client 2^64 fresh budgets. The audit log keeps the full address.
 */
import "server-only";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

export function addressKey(ip: string): string {
  const family = isIP(ip);
  if (family === 4) return ip;
  if (family !== 6) return ip;
  const v6 = ipaddr.IPv6.parse(ip.replace(/%.*$/, ""));
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const net = new ipaddr.IPv6([...v6.parts.slice(0, 4), 0, 0, 0, 0]);
  return `${net.toString()}/64`;
}
