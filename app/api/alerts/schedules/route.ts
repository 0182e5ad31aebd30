import { getDb } from "@/lib/db";
import { scheduleInput } from "@/lib/alerts/rules";
import { createSchedule } from "@/lib/alerts/server";
import { listSchedules } from "@/lib/alerts/store";
import { json, route } from "@/lib/server/route";

/** Scheduled reports, with when each is next due. */
export const GET = route({
  role: "admin",
  handler: async () => ({ items: await listSchedules(await getDb()) }),
});

/** Add one: { name, cadence: "weekly"|"monthly", timeZone?, destinationIds }. */
export const POST = route({
  role: "admin",
  body: scheduleInput,
  handler: async ({ body, user, ip }) => json({ schedule: await createSchedule(body, { user, ip }) }, 201),
});
