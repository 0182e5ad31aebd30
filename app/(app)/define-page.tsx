import "server-only";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Suspense, type ReactNode } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { ChartSkeleton, TableSkeleton } from "@/components/ui/skeleton";
import { mayOpen, type ShellUser } from "@/lib/contract/roles";
import { isSharePage } from "@/lib/contract/share";
import { ShareButton } from "@/components/share/share-button";
import { RENAMED_KEYS } from "@/lib/ui/url-keys";
import { ForbiddenNotice } from "./forbidden-notice";
import { PAGES, type PageEntry, type PageKey } from "./pages";
import { requireUser } from "./session";

export type SearchParams = Record<string, string | string[] | undefined>;

/** The pages with a skeleton (their label is pages.loading.<key>). */
type LoadingKey = { [K in PageKey]: (typeof PAGES)[K] extends { loading: "table" | "chart" } ? K : never }[PageKey];

function Loading({ entry, label }: { entry: PageEntry; label: string }) {
  const l = entry.loading;
  if (!l || l === "blank") return null;
  return l === "chart" ? <ChartSkeleton label={label} /> : <TableSkeleton label={label} />;
}

/**
 * Every signed-in page in one shape (its entry in PAGES, and its view): sign-in and role (one
 * place; a role too low gets the 403 notice), old URL keys redirected to their current names
 * (RENAMED_KEYS), the title and description (in the request's language), and the view under Suspense (its skeleton from the
 * entry). A view whose data the server can prefetch brings its own HydrationBoundary
 * (ServerPrefetch), from the page's search params.
 */
export function definePage(key: PageKey, render: (ctx: { user: ShellUser; searchParams: SearchParams }) => ReactNode): { generateMetadata: () => Promise<Metadata>; Page: (props: { searchParams: Promise<SearchParams> }) => Promise<ReactNode> } {
  const entry: PageEntry = PAGES[key];
  async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
    const params = await searchParams;
    const user = await requireUser(entry.path);
    const t = await getTranslations("pages");
    if (!mayOpen(user, entry)) {
      // A partner's first page is the first one their scope opens (one with invite codes only has no overview).
      if (user.role === "partner" && key === "overview") redirect(firstPartnerPage(user));
      return <ForbiddenNotice what={t(`entries.${key}.what`)} needed={entry.role} role={user.role} />;
    }
    const renamed = withCurrentKeys(params);
    if (renamed !== null) redirect(renamed ? `${entry.path}?${renamed}` : entry.path);

    const view = render({ user, searchParams: params });
    const fallback = entry.loading && entry.loading !== "blank" ? <Loading entry={entry} label={t(`loading.${key as LoadingKey}`)} /> : null;
    return (
      <>
        {/* (a view a share link can show: lib/contract/share.ts) */}
        <PageHeader title={t(`entries.${key}.title`)} description={t(`entries.${key}.description`)} actions={isSharePage(key) ? <ShareButton page={key} /> : undefined} />
        {entry.loading ? <Suspense fallback={fallback}>{view}</Suspense> : view}
      </>
    );
  }
  async function generateMetadata(): Promise<Metadata> {
    const t = await getTranslations("pages");
    return { title: t("titleSuffix", { title: t(`entries.${key}.title`) }) };
  }
  return { generateMetadata, Page };
}

/** The query string with old keys renamed (null when none was used); a key given both ways keeps the current one. */
function withCurrentKeys(params: SearchParams): string | null {
  if (!Object.keys(params).some((k) => Object.hasOwn(RENAMED_KEYS, k))) return null;
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const name = Object.hasOwn(RENAMED_KEYS, key) ? RENAMED_KEYS[key] : key;
    if (name !== key && name in params) continue;
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, v);
  }
  return out.toString();
}

/** The first page a partner may open, in the table's order (markets always). */
function firstPartnerPage(user: ShellUser): string {
  return Object.values(PAGES as Record<string, PageEntry>).find((e) => mayOpen(user, e))?.path ?? "/markets";
}
