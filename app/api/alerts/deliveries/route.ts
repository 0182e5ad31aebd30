import { z } from "zod";
import { getDb } from "@/lib/db";
import { listPage, pagingFields } from "@/lib/alerts/list";
import { listDeliveries } from "@/lib/alerts/store";
import { route } from "@/lib/server/route";

const query = z.strictObject({ destinationId: z.string().max(64).optional(), ...pagingFields });

/** The delivery log: every message with each attempt (time, ok, HTTP status, error). */
export const GET = route({
  role: "admin",
  query,
  handler: async ({ query: q }) => {
    const { items, total } = await listDeliveries(await getDb(), q);
    return listPage(items, total, q);
  },
});
