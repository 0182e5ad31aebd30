/**
 * Decoding a session token (next-auth: an HKDF key derivation, then AES-GCM decryption) is the
 * largest cost our code adds to an API request, and a browser sends the same token with every
 * request. The decoded payload of a token is a pure function of the token and the secret, so
 * it is kept per token string, never past the token's own expiry. Tokens that fail to decode
 * are not kept. Whether the user may still use the session is decided afterwards, against the
 * database (auth.ts), exactly as without this cache.
 */
import "server-only";
import { decode, type JWT, type JWTDecodeParams } from "next-auth/jwt";

/** How long a decoded token is reused at most (well inside any session's lifetime). */
const KEEP_MS = 60_000;
const MAX_ENTRIES = 5_000;

const g = globalThis as typeof globalThis & { __weexTokenCache?: Map<string, { payload: JWT; until: number }> };
const cache = (g.__weexTokenCache ??= new Map());

/** A drop-in `decode` for next-auth's `getToken`. */
export async function cachedDecode(params: JWTDecodeParams): Promise<JWT | null> {
  const { token } = params;
  if (!token) return null;
  const key = `${typeof params.secret === "string" ? params.secret : params.secret.toString("base64")}\u0000${params.salt ?? ""}\u0000${token}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.payload;
  if (hit) cache.delete(key);

  const payload = await decode(params);
  if (!payload) return null;
  const exp = typeof payload.exp === "number" ? payload.exp * 1000 : now;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { payload, until: Math.min(now + KEEP_MS, exp) });
  return payload;
}
