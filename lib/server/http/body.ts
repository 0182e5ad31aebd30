/**
 * Reading a request body within a limit: the one way a route reads a body (route.ts's JSON
 * bodies, next-auth's forms).
 *
 * A declared `Content-Length` says nothing about a chunked body, and `req.text()` buffers
 * whatever arrives: a few parallel uploads of a gigabyte would exhaust the process, and anyone
 * may send one (the language switch and sign-in are public). So the bytes are counted as they
 * arrive and reading stops at the first byte past the limit: `payload_too_large` 413.
 *
 * The rest is never read. The stream is left as it is, not cancelled: cancelling destroys the
 * request, and Node then destroys its socket before the answer is written. The answer says
 * `Connection: close` (errors.ts), so Node closes the socket once the answer is out instead of
 * keeping the connection, whose unread rest it would otherwise have to read and discard.
 */
import "server-only";
import { ApiError } from "./errors";

/** Orders, user changes, alert rules and sign-ins are small; anything larger is not for us. */
export const MAX_BODY_BYTES = 64 * 1024;

/** The body as text (UTF-8, as `Request.text()` decodes it), or a 413 past `limit` bytes. */
export async function readBodyText(req: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw bodyTooLarge(limit);
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.releaseLock();
      throw bodyTooLarge(limit);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

export function bodyTooLarge(limit = MAX_BODY_BYTES): ApiError {
  const message = `is larger than ${limit / 1024} KB`;
  return new ApiError("payload_too_large", `The request body ${message}.`, { fields: [{ path: "(body)", message }] });
}
