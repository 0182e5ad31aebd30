/**
 * Next calls `register()` once when a server process starts (never during `next build`).
 * Server start-up lives in lib/server/startup.ts; add further start-up work there.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("./lib/server/startup");
  await startServer();
}
