import { collectionRoutes } from "@/lib/server/services/alerts-routes";
import { createSchedule } from "@/lib/server/services/alerts";
import { listSchedules } from "@/lib/alerts/store";

/** GET: scheduled reports with when each is next due. POST: { name, cadence: "weekly"|"monthly", timeZone?, audience?: "destinations"|"each-partner", destinationIds (not for each-partner) } → { schedule }. */
const routes = collectionRoutes("/api/alerts/schedules", { list: listSchedules, create: async (input, who) => ({ schedule: await createSchedule(input, who) }) });
export const GET = routes.GET;
export const POST = routes.POST;
