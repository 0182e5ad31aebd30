import { removalRoute } from "@/lib/server/alerts-routes";
import { deleteSchedule } from "@/lib/server/alerts";

/** Stop a scheduled report. */
export const DELETE = removalRoute(deleteSchedule);
