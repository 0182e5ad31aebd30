/**
 * What the server does once when it starts (called from instrumentation.ts): check the
 * configuration, make sure the session secret exists, open and migrate the database and create
 * the startup accounts. A configuration a person must fix stops the process with a message
 * that says what to do, instead of failing on the first request.
 */
import "server-only";
import { getDatabase } from "@/lib/db";
import { DatabaseBusyError } from "@/lib/db/connection";
import { startArchiveSync } from "@/lib/server/services/archive";
import { ConfigError, getAuthSecret, getConfig } from "@/lib/config/config";
import { logger } from "@/lib/log/log";
import { startAlerts } from "@/lib/server/services/alerts";
import { startLinks } from "@/lib/server/services/link-clicks";

export async function startServer(): Promise<void> {
  const log = logger("startup");
  try {
    const config = getConfig();
    getAuthSecret();
    await getDatabase();
    // The affiliate archive's background sync (ARCHIVE_SYNC=off disables it). It must
    // not stop the dashboard from starting: its failures are logged and retried.
    await startArchiveSync().catch((e) => log.error({ err: e }, "the archive sync could not start"));
    // Alerts and scheduled reports: evaluated on the archive, sent by one instance.
    await startAlerts().catch((e) => log.error({ err: e }, "the alerts worker could not start"));
    // Tracked links: their settings (a bad one stops the start), the click rows' upkeep, and
    // the buffered clicks written when the process stops.
    await startLinks();
    log.info(
      { mode: config.mode, database: config.database.kind, spotBaseUrl: config.spotBaseUrl, contractBaseUrl: config.contractBaseUrl },
      `dashboard ready in ${config.mode} mode`,
    );
  } catch (e) {
    const known = e instanceof ConfigError || e instanceof DatabaseBusyError;
    // stderr in plain words for the person starting it; the log line for the machines.
    console.error(`\n[dashboard] Cannot start: ${known ? (e as Error).message : "the database could not be opened or migrated."}\n`);
    log.fatal({ err: known ? undefined : e }, "cannot start");
    process.exit(1);
  }
}
