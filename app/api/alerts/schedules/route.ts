import { collectionRoutes } from "@/lib/alerts/routes";
import { scheduleInput } from "@/lib/alerts/rules";
import { createSchedule } from "@/lib/alerts/server";
import { listSchedules } from "@/lib/alerts/store";

/** GET: scheduled reports with when each is next due. POST: { name, cadence: "weekly"|"monthly", timeZone?, destinationIds } → { schedule }. */
const routes = collectionRoutes({ readRole: "admin", list: listSchedules, body: scheduleInput, create: async (input, who) => ({ schedule: await createSchedule(input, who) }) });
export const GET = routes.GET;
export const POST = routes.POST;
