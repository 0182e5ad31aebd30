import { getDb } from "@/lib/db";
import { destinationInput } from "@/lib/alerts/rules";
import { createDestination } from "@/lib/alerts/server";
import { listDestinations } from "@/lib/alerts/store";
import { json, route } from "@/lib/server/route";

/** Webhook and email destinations (never a secret). */
export const GET = route({
  role: "admin",
  handler: async () => ({ items: await listDestinations(await getDb()) }),
});

/** Add one: { kind: "webhook", name, url } answers its signing `secret`, this once; or { kind: "email", name, email }. */
export const POST = route({
  role: "admin",
  body: destinationInput,
  handler: async ({ body, user, ip }) => json(await createDestination(body, { user, ip }), 201),
});
