import { getDb } from "@/lib/db";
import { ruleInput } from "@/lib/alerts/rules";
import { createRule } from "@/lib/alerts/server";
import { listRules } from "@/lib/alerts/store";
import { json, route } from "@/lib/server/route";

/** The alert rules (viewers see them; admins change them). */
export const GET = route({
  role: "viewer",
  handler: async () => ({ items: await listRules(await getDb()) }),
});

/** Add a rule: { name, kind, params?, timeZone?, quiet?, destinationIds?, enabled? }. */
export const POST = route({
  role: "admin",
  body: ruleInput,
  handler: async ({ body, user, ip }) => json({ rule: await createRule(body, { user, ip }) }, 201),
});
