/**
 * `npm run users -- <command>`: manage dashboard users from a shell, for the first setup on a
 * server and for when no admin can sign in. Uses the same configuration (DATABASE_URL, or the
 * embedded database in DATA_DIR) and the same database module as the server.
 *
 *   add <username> <viewer|trader|admin> [--password <pw>]   (prompted, or generated if no TTY)
 *   passwd <username> [--password <pw>]
 *   role <username> <viewer|trader|admin>
 *   disable <username> | enable <username>
 *   list
 *
 * The embedded database serves one process: stop the dashboard before using this on it.
 */
import { register } from "node:module";
import nextEnv from "@next/env";

// Server modules start with `import "server-only"`, which resolves to an empty module only
// under the "react-server" condition (as inside Next). Add that condition for this process.
register("data:text/javascript,export async function resolve(s,c,n){return n(s,{...c,conditions:[...c.conditions,'react-server']})}");

// Start-up chatter (migrations applied) is for servers; a CLI says what it did itself.
process.env.LOG_LEVEL ??= "warn";

// The same .env files `next start` reads.
nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: (...a: unknown[]) => console.error(...a) });

const { main } = await import("./users-cli");
process.exitCode = await main(process.argv.slice(2));
