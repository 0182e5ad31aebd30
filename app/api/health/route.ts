import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { getConfig } from "@/lib/config/config";
import { json, route } from "@/lib/server/http/route";

/** Liveness for load balancers and scripts: no session needed, no upstream call. */
export const GET = route("GET /api/health", {
  handler: async () => {
    const config = getConfig();
    const database = config.database.kind;
    try {
      await (await getDb()).execute(sql`SELECT 1`);
      return { status: "ok" as const, mode: config.mode, database };
    } catch {
      return json({ status: "error", mode: config.mode, database }, 503);
    }
  },
});
