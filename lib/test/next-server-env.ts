/**
 * Shared by the HTTP test harness and the benches, which both start `next start` themselves:
 * a free loopback port, and the variables that select the mode, the database or the secret —
 * each server sets them explicitly so nothing leaks in from the shell or .env files.
 */
import { createServer } from "node:net";

export const MODE_ENV_VARS = [
  "WEEX_API_KEY",
  "WEEX_API_SECRET",
  "WEEX_API_PASSPHRASE",
  "WEEX_TRADE_API_KEY",
  "WEEX_TRADE_API_SECRET",
  "WEEX_TRADE_API_PASSPHRASE",
  "WEEX_SPOT_BASE_URL",
  "WEEX_CONTRACT_BASE_URL",
  "SIM_API_KEY",
  "SIM_API_SECRET",
  "SIM_API_PASSPHRASE",
  "SIM_PORT",
  "DATABASE_URL",
  "AUTH_SECRET",
  "NEXTAUTH_SECRET",
  "BOOTSTRAP_ADMIN_USERNAME",
  "BOOTSTRAP_ADMIN_PASSWORD",
] as const;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
