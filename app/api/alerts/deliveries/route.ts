import { getDb } from "@/lib/db";
import { alertListAnswer } from "@/lib/alerts/list";
import { listDeliveries } from "@/lib/alerts/store";
import { route } from "@/lib/server/http/route";

/** The delivery log: every message with each attempt (time, ok, HTTP status, error). */
export const GET = route("GET /api/alerts/deliveries", {
  handler: async ({ query: q }) => {
    const { items, total } = await listDeliveries(await getDb(), q);
    return alertListAnswer(items, total, q);
  },
});
