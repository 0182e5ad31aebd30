import { removalRoute } from "@/lib/alerts/routes";
import { deleteDestination } from "@/lib/alerts/server";

/** Remove a destination (its delivery log stays). */
export const DELETE = removalRoute(deleteDestination);
