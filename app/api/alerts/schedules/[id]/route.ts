import { removalRoute } from "@/lib/alerts/routes";
import { deleteSchedule } from "@/lib/alerts/server";

/** Stop a scheduled report. */
export const DELETE = removalRoute(deleteSchedule);
