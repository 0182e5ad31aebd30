/**
 * The address of the socket a request arrived on, for code that sees only the request's headers.
 *
 * Route handlers get a Web Request built from the headers alone, and Next's server writes the
 * socket's address into `X-Forwarded-For` only when the client sent none
 * (next/dist/server/base-server.js: `x-forwarded-for ??= socket.remoteAddress`): a client that
 * sends the header itself hides where it connected from. Node announces every incoming request
 * on the diagnostics channel "http.server.request.start", synchronously, before the server's
 * request listener runs, together with its socket. Subscribed from instrumentation.ts (Next
 * awaits register() before it serves), this module writes the socket's address into a header
 * of ours, prefixed with a random value made when the process starts:
 *
 * - a client cannot forge it: whatever it sends under that name is overwritten, and it cannot
 *   know the prefix (never sent anywhere, different in every process);
 * - a request that carries no valid stamp (none should reach a handler) has no known peer,
 *   rather than one a client chose.
 *
 * Why not something else: a custom server (server.js) would see the socket too, but it would
 * replace `next start` in every deployment and give up Next's own server; a reverse proxy in
 * front cannot be assumed (the dashboard may face the internet itself); and the headers Next
 * derives (`X-Forwarded-For`) are exactly what a client controls.
 */
import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

export const PEER_HEADER = "x-weex-peer";

const g = globalThis as typeof globalThis & { __weexPeerStamp?: Buffer };

/** Stamp every request this process receives from now on (idempotent). */
export function stampPeerAddresses(): void {
  if (g.__weexPeerStamp) return;
  const prefix = randomBytes(18).toString("base64url");
  g.__weexPeerStamp = Buffer.from(prefix);
  subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    request.headers[PEER_HEADER] = `${prefix} ${socket.remoteAddress ?? ""}`;
  });
}

/** The socket address stamped on a request's headers, or null without a valid stamp. */
export function stampedPeer(value: string | undefined): string | null {
  const prefix = g.__weexPeerStamp;
  if (!prefix || !value || value.length <= prefix.length || value[prefix.length] !== " ") return null;
  const head = Buffer.from(value.slice(0, prefix.length));
  if (head.length !== prefix.length || !timingSafeEqual(head, prefix)) return null;
  return value.slice(prefix.length + 1) || null;
}
