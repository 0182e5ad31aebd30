/**
 * alert_destination: where messages go. A destination's secret leaves this module only through
 * `destinationForSending` (for signing) and `createDestination` (shown once).
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import { alertDestination, type AlertDestinationRow } from "@/lib/db/schema/alerts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/locales";
import type { DestinationInput, DestinationKind, DestinationView } from "@/lib/contract/alerts";
import { newId, type Q } from "./shared";

const destinationView = (r: AlertDestinationRow): DestinationView => ({
  id: r.id,
  name: r.name,
  kind: r.kind as DestinationKind,
  target: r.target,
  locale: isLocale(r.locale) ? r.locale : DEFAULT_LOCALE,
  createdAt: r.createdAt,
});

export async function listDestinations(db: Q): Promise<DestinationView[]> {
  const r = await db.select().from(alertDestination).where(isNull(alertDestination.deletedAt)).orderBy(asc(alertDestination.createdAt), asc(alertDestination.id));
  return r.map(destinationView);
}

/** A destination with what sending needs (the webhook's secret); never for an answer. */
export interface DestinationForSending extends DestinationView {
  secret: string | null;
}

export async function destinationForSending(db: Q, id: string): Promise<DestinationForSending | null> {
  // A deleted destination receives nothing more, queued messages and their retries included:
  // it may have been deleted because its address or secret was compromised.
  const [r] = await db
    .select()
    .from(alertDestination)
    .where(and(eq(alertDestination.id, id), isNull(alertDestination.deletedAt)));
  return r ? { ...destinationView(r), secret: r.secret } : null;
}

/** Creates it (messages in `input.locale`, default English); a webhook gets a fresh secret, returned here once and never again. */
export async function createDestination(db: Q, input: DestinationInput, now: number): Promise<{ destination: DestinationView; secret: string | null }> {
  const id = newId();
  const locale: Locale = input.locale ?? DEFAULT_LOCALE;
  const secret = input.kind === "webhook" ? `whsec_${randomBytes(24).toString("base64url")}` : null;
  const target = input.kind === "webhook" ? input.url : input.email;
  await db.insert(alertDestination).values({ id, name: input.name, kind: input.kind, target, secret, locale, createdAt: now });
  return { destination: { id, name: input.name, kind: input.kind, target, locale, createdAt: now }, secret };
}

export async function deleteDestination(db: Q, id: string, now: number): Promise<boolean> {
  const r = await db
    .update(alertDestination)
    .set({ deletedAt: now })
    .where(and(eq(alertDestination.id, id), isNull(alertDestination.deletedAt)))
    .returning({ id: alertDestination.id });
  return r.length > 0;
}

/** The ids among `ids` that name no live destination. */
export async function unknownDestinations(db: Q, ids: readonly string[]): Promise<string[]> {
  const known = new Set((await listDestinations(db)).map((d) => d.id));
  return ids.filter((id) => !known.has(id));
}
