import { collectionRoutes } from "@/lib/server/services/alerts-routes";
import { createDestination } from "@/lib/server/services/alerts";
import { listDestinations } from "@/lib/alerts/store";

/**
 * GET: webhook and email destinations (never a secret). POST: { kind: "webhook", name, url }
 * answers its signing `secret`, this once; or { kind: "email", name, email }.
 */
const routes = collectionRoutes("/api/alerts/destinations", { list: listDestinations, create: createDestination });
export const GET = routes.GET;
export const POST = routes.POST;
