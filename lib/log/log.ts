/**
 * The server's logger: JSON lines on stdout (pino). Secrets must never reach it; redaction is
 * the second line of defence after simply not logging them (credentials also redact
 * themselves, see config.ts).
 */
import "server-only";
import pino, { type Logger } from "pino";

/** Field names whose values are never written, at the top level and up to two levels down. */
const SECRET_KEYS = [
  "password",
  "passwordHash",
  "newPassword",
  "apiKey",
  "apiSecret",
  "secret",
  "passphrase",
  "authSecret",
  "token",
  "csrfToken",
  "cookie",
  "authorization",
  "set-cookie",
  "access-key",
  "access-sign",
  "access-passphrase",
];

/** pino (fast-redact) paths: `password`, `*.password`, `*.*.password`; bracketed when dashed. */
export function redactPaths(keys: readonly string[] = SECRET_KEYS): string[] {
  return keys.flatMap((k) => {
    const plain = /^[A-Za-z_$][\w$]*$/.test(k);
    const seg = plain ? `.${k}` : `["${k}"]`;
    return [plain ? k : `["${k}"]`, `*${seg}`, `*.*${seg}`];
  });
}

/**
 * Errors as pino writes them, without the bound values of a failed SQL query: drizzle puts them
 * in the message ("params: …") and in `params`, and they are whatever was being stored — a
 * webhook secret or a signed link as much as a name.
 */
export function errWithoutQueryParams(e: unknown): unknown {
  if (!(e instanceof Error)) return e;
  const out = pino.stdSerializers.err(e) as unknown as Record<string, unknown>;
  delete out.params;
  for (const k of ["message", "stack"]) {
    if (typeof out[k] === "string") out[k] = (out[k] as string).replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, "\nparams: [redacted]");
  }
  return out;
}

const g = globalThis as typeof globalThis & { __weexLog?: Logger };

export function getLogger(): Logger {
  g.__weexLog ??= pino({
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
    base: { app: "weex-dashboard" },
    redact: { paths: redactPaths(), censor: "[redacted]" },
    serializers: { err: errWithoutQueryParams },
  });
  return g.__weexLog;
}

/** A logger for one module: `const log = logger("route")`. */
export function logger(name: string): Logger {
  return getLogger().child({ mod: name });
}
