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

const g = globalThis as typeof globalThis & { __weexLog?: Logger };

export function getLogger(): Logger {
  g.__weexLog ??= pino({
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
    base: { app: "weex-dashboard" },
    redact: { paths: redactPaths(), censor: "[redacted]" },
  });
  return g.__weexLog;
}

/** A logger for one module: `const log = logger("route")`. */
export function logger(name: string): Logger {
  return getLogger().child({ mod: name });
}
