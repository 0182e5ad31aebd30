import { removalRoute } from "@/lib/server/alerts-routes";
import { deleteDestination } from "@/lib/server/alerts";

/** Remove a destination (its delivery log stays). */
export const DELETE = removalRoute(deleteDestination);
