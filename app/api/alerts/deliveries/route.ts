import { z } from "zod";
import { getDb } from "@/lib/db";
import { listPage } from "@/lib/alerts/list";
import { listDeliveries } from "@/lib/alerts/store";
import { route } from "@/lib/server/route";
import { inInt } from "@/lib/weex/wire";

const query = z.strictObject({
  destinationId: z.string().max(64).optional(),
  page: inInt(1, 1_000_000).optional().default(1),
  pageSize: inInt(1, 200).optional().default(50),
});

/** The delivery log: every message with each attempt (time, ok, HTTP status, error). */
export const GET = route({
  role: "admin",
  query,
  handler: async ({ query: q }) => {
    const { items, total } = await listDeliveries(await getDb(), q);
    return listPage(items, total, q.page, q.pageSize);
  },
});
