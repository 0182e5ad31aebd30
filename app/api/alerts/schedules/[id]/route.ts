import { removalRoute } from "@/lib/server/services/alerts-routes";
import { deleteSchedule } from "@/lib/server/services/alerts";

/** Stop a scheduled report. */
export const DELETE = removalRoute("DELETE /api/alerts/schedules/[id]", deleteSchedule);
