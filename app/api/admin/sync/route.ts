/**
 * The archive sync: GET its state per dataset (state, range held, rows, last run,
 * last error, progress); POST `{action: "sync" | "resync", dataset, from?, to?}` to sync now
 * or re-read a range. Admins only; actions are audited.
 */
import { syncActionBody } from "@/lib/archive/admin";
import { archiveAction, archiveStatus } from "@/lib/server/services/archive";
import { audit } from "@/lib/server/identity/audit";
import { json, route } from "@/lib/server/http/route";

export const GET = route("GET /api/admin/sync", {
  handler: () => archiveStatus(),
});

export const POST = route("POST /api/admin/sync", {
  body: syncActionBody,
  handler: async ({ body, user, ip }) => {
    const result = await archiveAction(body);
    await audit({ username: user.username, action: `archive.${body.action}`, ip, detail: { request: body, result }, outcome: "success" });
    // 202: queued for the process that syncs; 200 with `syncing: false`: nothing runs syncs here.
    return json(result, result.queued ? 202 : 200);
  },
});
