/** The partners each-partner reports go to, read from the users table (lib/db/schema/users.ts). */
import { and, asc, eq, not, sql } from "drizzle-orm";
import { users, type UserRow } from "@/lib/db/schema/users";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/locales";
import { normalScope, type Scope } from "@/lib/contract/scope";
import type { Q } from "./shared";

/** A partner as their own report needs them: scope, language and address. */
export interface ReportPartner {
  userId: string;
  username: string;
  /** null: none, so no report (the schedule's view says so) */
  email: string | null;
  locale: Locale;
  scope: Scope;
}

const columns = {
  id: users.id,
  username: users.username,
  email: users.email,
  locale: users.locale,
  scopeSubAffiliateUids: users.scopeSubAffiliateUids,
  scopeInviteCodes: users.scopeInviteCodes,
};
type PartnerRow = Pick<UserRow, keyof typeof columns>;

const reportPartner = (r: PartnerRow): ReportPartner => ({
  userId: r.id,
  username: r.username,
  email: r.email,
  locale: isLocale(r.locale) ? r.locale : DEFAULT_LOCALE,
  scope: normalScope({ subAffiliateUids: r.scopeSubAffiliateUids, inviteCodes: r.scopeInviteCodes }),
});

/** Enabled partners only: a disabled one gets nothing. */
const enabledPartner = and(eq(users.role, "partner"), not(users.disabled));

/** The enabled partners, by username. */
export async function reportPartners(db: Q): Promise<ReportPartner[]> {
  const r = await db.select(columns).from(users).where(enabledPartner).orderBy(asc(users.username));
  return r.map(reportPartner);
}

/** The partner a queued report goes to, as they are now: null once they are no enabled partner. */
export async function partnerForSending(db: Q, userId: string): Promise<ReportPartner | null> {
  // compared as text: a queued report names its partner by id text, which need not be a uuid
  const [r] = await db
    .select(columns)
    .from(users)
    .where(and(sql`${users.id}::text = ${userId}`, enabledPartner));
  return r ? reportPartner(r) : null;
}
