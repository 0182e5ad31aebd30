/**
 * A share link's view: opens without a login (proxy.ts lets /share/* through), shows
 * the one page the link was made for, read-only, with its creator's scope at most. The link is
 * checked here and again by every API request the view makes (lib/server/identity/share-links.ts); a
 * revoked or expired link, or a wrong password, opens nothing. Each opening is audit-logged; a
 * refused one is counted per address and hour, and an address over the limit of refused
 * openings opens nothing until the hour ends (lib/server/identity/share-refusals.ts).
 */
import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { OverviewView } from "@/app/(app)/(overview)/view";
import { CohortsView } from "@/app/(app)/cohorts/view";
import { InviteesView } from "@/app/(app)/invitees/view";
import { SubAffiliatesView } from "@/app/(app)/sub-affiliates/view";
import { ValueView } from "@/app/(app)/value/view";
import { LanguageSwitch } from "@/components/i18n/language-switch";
import { SharePasswordForm } from "@/components/share/share-password-form";
import { ShareView } from "@/components/share/share-view";
import { PageHeader } from "@/components/ui/page-header";
import { cardClass, mutedText } from "@/components/ui/styles";
import { mayOpen } from "@/lib/contract/roles";
import type { SharePageKey } from "@/lib/contract/share";
import { clientIp } from "@/lib/server/http/request-info";
import { auditOpening, openShare } from "@/lib/server/identity/share-links";
import { noteRefusedOpening, refusalsSpent, type RefusalReason } from "@/lib/server/identity/share-refusals";
import { linkViewScope } from "@/lib/server/identity/share-scope";
import { linkFilters } from "@/lib/ui/share-scope";

type SearchParams = Record<string, string | string[] | undefined>;

/** Each view a link can show (lib/contract/share.ts SHARE_PAGES), as its page renders it. */
const VIEWS: Record<SharePageKey, (reader: { role: "viewer" | "partner"; scope: { subAffiliateUids: string[]; inviteCodes: string[] } | null }) => ReactNode> = {
  // (the funnel only where the reader's view has invitees, as on the overview page)
  overview: (reader) => <OverviewView withInvitees={mayOpen(reader, { role: "viewer", partners: "invitees" })} />,
  subAffiliates: () => <SubAffiliatesView />,
  invitees: () => <InviteesView />,
  cohorts: () => <CohortsView />,
  value: () => <ValueView />,
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("share");
  // (a shared view is nobody's to index)
  return { title: t("title"), robots: { index: false, follow: false } };
}

export default async function SharePage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<SearchParams> }) {
  const [{ token }, sp, jar, h] = await Promise.all([params, searchParams, cookies(), headers()]);
  const t = await getTranslations("share");
  const ip = clientIp(h);
  const frame = (body: ReactNode) => (
    <main id="main" className="mx-auto max-w-7xl space-y-4 px-4 py-6">
      <div className="flex justify-end">
        <LanguageSwitch className="inline-flex" />
      </div>
      {body}
    </main>
  );
  const refused = async (reason: RefusalReason) => {
    await noteRefusedOpening(ip, reason);
    return frame(
      <section className={cardClass} data-testid="share-refused" data-reason={reason}>
        <h1 className="text-lg font-semibold">{t("refused.title")}</h1>
        <p className={`mt-1 text-sm ${mutedText}`}>{t(`refused.${reason}`)}</p>
      </section>,
    );
  };
  // An address over its refused openings of this hour: nothing is looked up for it.
  if (await refusalsSpent(ip)) return refused("throttled");
  const opening = await openShare(token, (name) => jar.get(name)?.value);
  if (opening.kind === "refused") return refused(opening.reason);
  if (opening.kind === "password") return frame(<SharePasswordForm token={token} />);

  const { link, reader } = opening;
  // The link's filters, when the address lacks any of them (a first opening, or a key removed
  // by hand): they are what the reader's requests are held to (lib/server/identity/share-scope.ts), and
  // the address keeps what else it says (a zone, a page).
  const landing = new URLSearchParams(link.query);
  if ([...landing.keys()].some((k) => sp[k] === undefined)) {
    for (const [k, v] of Object.entries(sp)) if (!landing.has(k) && typeof v === "string") landing.set(k, v);
    redirect(`/share/${encodeURIComponent(token)}?${landing.toString()}`);
  }
  await auditOpening(opening, ip);
  const pages = await getTranslations("pages");
  const page = link.page as SharePageKey;
  // (the creator's scope when the link was made and now: lib/server/identity/share-scope.ts)
  const viewScope = linkViewScope(link, reader.role === "partner" ? reader.scope : null);
  return frame(
    <>
      <p className={`rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm dark:border-sky-900 dark:bg-sky-950`} data-testid="share-banner">
        {t("banner", { creator: opening.creator.username, expires: link.expiresAt.toISOString().slice(0, 16).replace("T", " ") + " UTC" })}
      </p>
      <PageHeader title={pages(`entries.${page}.title`)} description={pages(`entries.${page}.description`)} />
      <ShareView token={token} fixed={linkFilters(page, link.query).values} allowExport={link.allowExport}>
        {VIEWS[page](viewScope ? { role: "partner", scope: viewScope } : { role: "viewer", scope: null })}
      </ShareView>
    </>,
  );
}
