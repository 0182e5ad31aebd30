import { removalRoute } from "@/lib/server/services/alerts-routes";
import { deleteDestination } from "@/lib/server/services/alerts";

/** Remove a destination (its delivery log stays). */
export const DELETE = removalRoute("DELETE /api/alerts/destinations/[id]", deleteDestination);
