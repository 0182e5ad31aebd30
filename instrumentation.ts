/**
 * Next calls `register()` once when a server process starts (never during `next build`), and
 * serves no request before it has returned. Server start-up lives in lib/server/services/startup.ts;
 * add further start-up work there.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // First: every request from now on carries the address of its socket (the login throttle's
  // and the audit log's client address, lib/server/http/request-info.ts).
  const { stampPeerAddresses } = await import("./lib/server/http/peer-address");
  stampPeerAddresses();
  const { startServer } = await import("./lib/server/services/startup");
  await startServer();
}
